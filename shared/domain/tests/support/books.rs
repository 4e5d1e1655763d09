//! A provider whose books are the truth, for the tests that give money
//! back: card charges (settled or not) and PayPal captures, each with what
//! was given back of it, as the providers keep them (a refund above what
//! is left is refused; a PayPal refund replayed under its request id
//! answers the first). The next call that moves money can be told to lose
//! its answer, before or after giving.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use domain::ports::{
    Capture, Charge, Money, PayPalOrder, PaymentError, PaymentGateway, ProviderStatus, Refund,
};

use super::visa_charge;

/// What the provider does with the next call that moves money.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Next {
    Answer,
    /// Gives the money back, then the answer is lost.
    GiveAndLoseAnswer,
    /// Never receives it, but the shop cannot tell.
    LoseBefore,
}

#[derive(Default)]
pub struct Ledger {
    /// (order reference, charge).
    pub charges: Vec<(String, Charge)>,
    /// PayPal order id → its amount and, once captured, its capture.
    pub paypal: HashMap<String, (Money, Option<Capture>)>,
    /// PayPal refunds by their request id.
    pub paypal_refunds: HashMap<String, Refund>,
    /// Every time money was given back (a void, a refund).
    pub gives: u32,
    pub script: VecDeque<Next>,
    ids: u32,
}

#[derive(Default)]
pub struct Books {
    pub ledger: Mutex<Ledger>,
}

fn lost() -> PaymentError {
    PaymentError::Unavailable("the answer was lost".into())
}

impl Books {
    /// What the next call that moves money does.
    pub fn next(&self, next: Next) {
        self.ledger.lock().unwrap().script.push_back(next);
    }

    pub fn gives(&self) -> u32 {
        self.ledger.lock().unwrap().gives
    }

    /// What was given back of the one charge or capture.
    pub fn refunded(&self) -> Money {
        let ledger = self.ledger.lock().unwrap();
        let charges = ledger.charges.iter().map(|(_, c)| c.refunded);
        let captures = ledger.paypal.values().filter_map(|(_, c)| c.as_ref());
        charges.chain(captures.map(|c| c.refunded)).sum_money()
    }

    pub fn charge_status(&self) -> ProviderStatus {
        self.ledger.lock().unwrap().charges[0].1.status.clone()
    }

    fn id(&self, prefix: &str) -> String {
        let mut ledger = self.ledger.lock().unwrap();
        ledger.ids += 1;
        format!("{prefix}{}", ledger.ids)
    }

    /// Moves money by `give` (its answer, or the provider's refusal),
    /// after a pause (so that calls at once interleave), as scripted.
    async fn moving<T>(
        &self,
        give: impl FnOnce(&mut Ledger) -> Result<T, PaymentError>,
    ) -> Result<T, PaymentError> {
        tokio::time::sleep(Duration::from_millis(5)).await;
        let mut ledger = self.ledger.lock().unwrap();
        let next = ledger.script.pop_front().unwrap_or(Next::Answer);
        if next == Next::LoseBefore {
            return Err(lost());
        }
        let answer = give(&mut ledger)?;
        ledger.gives += 1;
        match next {
            Next::GiveAndLoseAnswer => Err(lost()),
            _ => Ok(answer),
        }
    }
}

trait SumMoney {
    fn sum_money(self) -> Money;
}

impl<I: Iterator<Item = Money>> SumMoney for I {
    fn sum_money(self) -> Money {
        self.fold(Money::ZERO, |sum, m| sum.checked_add(m).unwrap())
    }
}

fn refund_of(id: String, amount: Money) -> Refund {
    Refund {
        id,
        status: ProviderStatus::Completed,
        amount,
    }
}

#[async_trait]
impl PaymentGateway for Books {
    async fn client_token(&self, customer: Option<&str>) -> Result<String, PaymentError> {
        Ok(format!("token for {customer:?}"))
    }

    async fn charge(
        &self,
        _nonce: &str,
        amount: Money,
        order_reference: &str,
    ) -> Result<Charge, PaymentError> {
        let charge = visa_charge(self.id("tx"), amount);
        let mut ledger = self.ledger.lock().unwrap();
        ledger
            .charges
            .push((order_reference.to_string(), charge.clone()));
        Ok(charge)
    }

    async fn find_charges(&self, order_reference: &str) -> Result<Vec<Charge>, PaymentError> {
        let ledger = self.ledger.lock().unwrap();
        let found = ledger.charges.iter().rev();
        let found = found.filter(|(r, _)| r == order_reference);
        Ok(found.map(|(_, c)| c.clone()).collect())
    }

    /// As the gateway's reversal: voided while unsettled, else refunded of
    /// what is left.
    async fn void(&self, transaction_id: &str) -> Result<(), PaymentError> {
        self.moving(|ledger| {
            let charge = charge_mut(ledger, transaction_id)?;
            match charge.status {
                ProviderStatus::Voided => Err(PaymentError::Invalid("already voided".into())),
                ProviderStatus::Settled => {
                    charge.refunded = charge.amount;
                    Ok(())
                }
                _ => {
                    charge.status = ProviderStatus::Voided;
                    Ok(())
                }
            }
        })
        .await
    }

    async fn refund(&self, transaction_id: &str, amount: Money) -> Result<Refund, PaymentError> {
        let id = self.id("R");
        self.moving(|ledger| {
            let charge = charge_mut(ledger, transaction_id)?;
            if charge.status != ProviderStatus::Settled {
                return Err(PaymentError::Invalid("not settled".into()));
            }
            charge.refunded = given(charge.refunded, amount, charge.amount)?;
            Ok(refund_of(id, amount))
        })
        .await
    }

    async fn paypal_create_order(
        &self,
        amount: Money,
        _currency: &str,
        _request_id: &str,
    ) -> Result<String, PaymentError> {
        let id = self.id("PP");
        let mut ledger = self.ledger.lock().unwrap();
        ledger.paypal.insert(id.clone(), (amount, None));
        Ok(id)
    }

    async fn paypal_refund(
        &self,
        capture_id: &str,
        amount: Money,
        request_id: &str,
    ) -> Result<Refund, PaymentError> {
        if let Some(first) = self.ledger.lock().unwrap().paypal_refunds.get(request_id) {
            return Ok(first.clone());
        }
        let id = self.id("PR");
        self.moving(|ledger| {
            let captures = ledger.paypal.values_mut().filter_map(|(_, c)| c.as_mut());
            let capture = captures
                .into_iter()
                .find(|c| c.id == capture_id)
                .ok_or_else(|| PaymentError::NotFound(capture_id.into()))?;
            capture.refunded = given(capture.refunded, amount, capture.amount)?;
            capture.status = match capture.refunded == capture.amount {
                true => ProviderStatus::Refunded,
                false => ProviderStatus::PartiallyRefunded,
            };
            let refund = refund_of(id, amount);
            ledger
                .paypal_refunds
                .insert(request_id.to_string(), refund.clone());
            Ok(refund)
        })
        .await
    }

    async fn paypal_capture(
        &self,
        order_id: &str,
        _request_id: &str,
    ) -> Result<Capture, PaymentError> {
        let id = self.id("CAP");
        let mut ledger = self.ledger.lock().unwrap();
        let (amount, captured) = ledger
            .paypal
            .get_mut(order_id)
            .ok_or_else(|| PaymentError::NotFound(order_id.into()))?;
        if captured.is_some() {
            return Err(PaymentError::AlreadyCaptured);
        }
        let capture = Capture {
            order_id: order_id.into(),
            id,
            status: ProviderStatus::Completed,
            amount: *amount,
            currency: "USD".into(),
            payer_email: Some("buyer@example.com".into()),
            payer_id: Some("PAYER".into()),
            refunded: Money::ZERO,
            refunding: Money::ZERO,
        };
        *captured = Some(capture.clone());
        Ok(capture)
    }

    async fn paypal_order(&self, order_id: &str) -> Result<PayPalOrder, PaymentError> {
        let ledger = self.ledger.lock().unwrap();
        let (_, captured) = ledger
            .paypal
            .get(order_id)
            .ok_or_else(|| PaymentError::NotFound(order_id.into()))?;
        Ok(PayPalOrder {
            id: order_id.into(),
            status: "COMPLETED".into(),
            captures: captured.iter().cloned().collect(),
        })
    }
}

fn charge_mut<'l>(ledger: &'l mut Ledger, id: &str) -> Result<&'l mut Charge, PaymentError> {
    let charges = ledger.charges.iter_mut().map(|(_, c)| c);
    charges
        .into_iter()
        .find(|c| c.id == id)
        .ok_or_else(|| PaymentError::NotFound(id.into()))
}

/// What is given back after `amount` more: refused above what was paid.
fn given(before: Money, amount: Money, paid: Money) -> Result<Money, PaymentError> {
    match before.checked_add(amount) {
        Some(after) if after <= paid => Ok(after),
        _ => Err(PaymentError::Invalid("above what is left".into())),
    }
}
