//! The one provider of the domain's tests: its books are the truth. Card
//! charges (settled or not) and PayPal orders with their capture, each
//! with what was given back of it, as the providers keep them: a second
//! void, or a refund above what is left, is refused (and counted); a PayPal
//! capture or refund replayed under its request id answers the first. What
//! happens around each call (delays, refusals, lost answers, a shopper or
//! a reconciler moving meanwhile) is the test's [`Weather`].

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use domain::ports::{
    Capture, Charge, Money, PayPalOrder, PayPalRefund, PaymentError, PaymentGateway,
    ProviderStatus, Refund,
};

use super::visa_charge;

/// A call of the shop, as its weather sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Call<'a> {
    /// A card charge for this order reference.
    Charge(&'a str),
    /// A capture of this PayPal order.
    Capture(&'a str),
    /// A void or a refund.
    GiveBack,
    /// A charge search or a PayPal order lookup.
    Lookup,
}

/// What happens around each call; by default nothing.
#[async_trait]
pub trait Weather: Send + Sync {
    /// Before the call is handled: an error, and nothing was done.
    async fn before(&self, _call: Call<'_>) -> Result<(), PaymentError> {
        Ok(())
    }
    /// After it was handled: an error, and its answer was lost.
    async fn after(&self, _call: Call<'_>) -> Result<(), PaymentError> {
        Ok(())
    }
    /// Whether PayPal keeps the capture being made `PENDING`.
    fn pending(&self) -> bool {
        false
    }
}

pub fn lost() -> PaymentError {
    PaymentError::Unavailable("the answer was lost".into())
}

#[derive(Default)]
pub struct Ledger {
    /// (order reference, charge).
    pub charges: Vec<(String, Charge)>,
    /// PayPal order id → its amount and, once captured, its capture with
    /// the capture's request id.
    pub paypal: HashMap<String, (Money, Option<(String, Capture)>)>,
    /// PayPal refunds by their request id.
    pub paypal_refunds: HashMap<String, Refund>,
    /// Every time money was given back (a void, a refund).
    pub gives: u32,
    /// Reversals refused as already given back.
    pub second_reversals_refused: u32,
    ids: u32,
}

pub struct Books<W: Weather = Script> {
    pub ledger: Mutex<Ledger>,
    pub weather: W,
}

impl<W: Weather + Default> Default for Books<W> {
    fn default() -> Self {
        Books::with(W::default())
    }
}

impl<W: Weather> Books<W> {
    pub fn with(weather: W) -> Self {
        Books {
            ledger: Mutex::default(),
            weather,
        }
    }

    pub fn gives(&self) -> u32 {
        self.ledger.lock().unwrap().gives
    }

    /// What was given back of every charge and capture.
    pub fn refunded(&self) -> Money {
        let ledger = self.ledger.lock().unwrap();
        let charges = ledger.charges.iter().map(|(_, c)| c.refunded);
        let captures = ledger.paypal.values().filter_map(|(_, c)| c.as_ref());
        let all = charges.chain(captures.map(|(_, c)| c.refunded));
        all.fold(Money::ZERO, |sum, m| sum.checked_add(m).unwrap())
    }

    /// The statuses of the charges made for this order reference.
    pub fn charge_status(&self, order_reference: &str) -> Vec<ProviderStatus> {
        let ledger = self.ledger.lock().unwrap();
        let charges = ledger.charges.iter().filter(|(r, _)| r == order_reference);
        charges.map(|(_, c)| c.status.clone()).collect()
    }

    /// The status of this PayPal order's capture, if captured.
    pub fn capture_status(&self, paypal_id: &str) -> Vec<ProviderStatus> {
        let ledger = self.ledger.lock().unwrap();
        let captured = ledger.paypal[paypal_id].1.iter();
        captured.map(|(_, c)| c.status.clone()).collect()
    }

    fn id(&self, prefix: &str) -> String {
        let mut ledger = self.ledger.lock().unwrap();
        ledger.ids += 1;
        format!("{prefix}{}", ledger.ids)
    }

    /// Handles `call` by `handle` in its weather.
    async fn weathered<T>(
        &self,
        call: Call<'_>,
        handle: impl FnOnce(&mut Ledger) -> Result<T, PaymentError>,
    ) -> Result<T, PaymentError> {
        self.weather.before(call).await?;
        let answer = handle(&mut self.ledger.lock().unwrap())?;
        self.weather.after(call).await?;
        Ok(answer)
    }

    /// Gives money back by `give` (false: it was given back already).
    async fn give_back<T>(
        &self,
        give: impl FnOnce(&mut Ledger) -> Result<T, PaymentError>,
    ) -> Result<T, PaymentError> {
        self.weathered(Call::GiveBack, |ledger| {
            let given = give(ledger);
            match &given {
                Ok(_) => ledger.gives += 1,
                Err(_) => ledger.second_reversals_refused += 1,
            }
            given
        })
        .await
    }
}

#[async_trait]
impl<W: Weather> PaymentGateway for Books<W> {
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
        self.weathered(Call::Charge(order_reference), |ledger| {
            let made = (order_reference.to_string(), charge.clone());
            ledger.charges.push(made);
            Ok(charge)
        })
        .await
    }

    async fn find_charges(&self, order_reference: &str) -> Result<Vec<Charge>, PaymentError> {
        self.weathered(Call::Lookup, |ledger| {
            let found = ledger.charges.iter().rev();
            let found = found.filter(|(r, _)| r == order_reference);
            Ok(found.map(|(_, c)| c.clone()).collect())
        })
        .await
    }

    /// As the gateway's reversal: voided while unsettled, else refunded of
    /// what is left.
    async fn void(&self, transaction_id: &str) -> Result<(), PaymentError> {
        self.give_back(|ledger| {
            let charge = charge_mut(ledger, transaction_id)?;
            match charge.status {
                ProviderStatus::Voided => Err(PaymentError::Invalid("already voided".into())),
                ProviderStatus::Settled => {
                    charge.refunded = given(charge.refunded, charge.amount, charge.amount)?;
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
        self.give_back(|ledger| {
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

    async fn paypal_refund(&self, asked: PayPalRefund<'_>) -> Result<Refund, PaymentError> {
        let PayPalRefund {
            capture_id,
            amount,
            request_id,
        } = asked;
        if let Some(first) = self.ledger.lock().unwrap().paypal_refunds.get(request_id) {
            return Ok(first.clone());
        }
        let id = self.id("PR");
        self.give_back(|ledger| {
            let captures = ledger.paypal.values_mut().filter_map(|(_, c)| c.as_mut());
            let (_, capture) = captures
                .into_iter()
                .find(|(_, c)| c.id == capture_id)
                .ok_or_else(|| PaymentError::NotFound(capture_id.into()))?;
            capture.refunded = given(capture.refunded, amount, capture.amount)?;
            capture.status = match capture.refunded == capture.amount {
                true => ProviderStatus::Refunded,
                false => ProviderStatus::PartiallyRefunded,
            };
            let refund = refund_of(id, amount);
            let replayed = (request_id.to_string(), refund.clone());
            ledger.paypal_refunds.extend([replayed]);
            Ok(refund)
        })
        .await
    }

    /// Once per order; a replay of the same request id answers the first
    /// capture.
    async fn paypal_capture(
        &self,
        order_id: &str,
        request_id: &str,
    ) -> Result<Capture, PaymentError> {
        let id = self.id("CAP");
        self.weathered(Call::Capture(order_id), |ledger| {
            let (amount, captured) = ledger
                .paypal
                .get_mut(order_id)
                .ok_or_else(|| PaymentError::NotFound(order_id.into()))?;
            match captured {
                Some((first, capture)) if first == request_id => return Ok(capture.clone()),
                Some(_) => return Err(PaymentError::AlreadyCaptured),
                None => {}
            }
            let capture = Capture {
                order_id: order_id.into(),
                id,
                status: match self.weather.pending() {
                    true => ProviderStatus::Pending,
                    false => ProviderStatus::Completed,
                },
                amount: *amount,
                currency: "USD".into(),
                payer_email: Some("buyer@example.com".into()),
                payer_id: Some("PAYER".into()),
                refunded: Money::ZERO,
                refunding: Money::ZERO,
            };
            *captured = Some((request_id.to_string(), capture.clone()));
            Ok(capture)
        })
        .await
    }

    async fn paypal_order(&self, order_id: &str) -> Result<PayPalOrder, PaymentError> {
        self.weathered(Call::Lookup, |ledger| {
            let (_, captured) = ledger
                .paypal
                .get(order_id)
                .ok_or_else(|| PaymentError::NotFound(order_id.into()))?;
            Ok(PayPalOrder {
                id: order_id.into(),
                status: match captured {
                    Some(_) => "COMPLETED",
                    None => "APPROVED",
                }
                .into(),
                captures: captured.iter().map(|(_, c)| c.clone()).collect(),
            })
        })
        .await
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
        _ => Err(PaymentError::Invalid("already given back".into())),
    }
}

fn refund_of(id: String, amount: Money) -> Refund {
    Refund {
        id,
        status: ProviderStatus::Completed,
        amount,
    }
}

// ---- the default weather: a script of what the next giving back does -----------

/// What the provider does with the next call that gives money back.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Next {
    #[default]
    Answer,
    /// Gives the money back, then the answer is lost.
    GiveAndLoseAnswer,
    /// Never receives it, but the shop cannot tell.
    LoseBefore,
}

/// What a test tells the provider's next calls, in order (when nothing
/// is left to tell, `T::default()`), and what the call under way was told.
#[derive(Default)]
pub struct Told<T> {
    next: Mutex<VecDeque<T>>,
    current: Mutex<T>,
}

impl<T: Clone + Default> Told<T> {
    pub fn push(&self, next: T) {
        self.next.lock().unwrap().push_back(next);
    }

    /// The next word, which is now the current call's.
    pub fn take_next(&self) -> T {
        let next = self.next.lock().unwrap().pop_front().unwrap_or_default();
        *self.current.lock().unwrap() = next.clone();
        next
    }

    /// What the call under way was told.
    pub fn current(&self) -> T {
        self.current.lock().unwrap().clone()
    }
}

/// Each giving back pauses (so that calls at once interleave) and does
/// what the script says next (by default, answers).
#[derive(Default)]
pub struct Script(Told<Next>);

impl Script {
    pub fn next(&self, next: Next) {
        self.0.push(next);
    }
}

#[async_trait]
impl Weather for Script {
    async fn before(&self, call: Call<'_>) -> Result<(), PaymentError> {
        if call != Call::GiveBack {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
        match self.0.take_next() {
            Next::LoseBefore => Err(lost()),
            _ => Ok(()),
        }
    }

    async fn after(&self, call: Call<'_>) -> Result<(), PaymentError> {
        match (call, self.0.current()) {
            (Call::GiveBack, Next::GiveAndLoseAnswer) => Err(lost()),
            _ => Ok(()),
        }
    }
}
