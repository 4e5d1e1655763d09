//! Payments needing the house's attention, as the reconciler leaves them:
//! claims being confirmed (a request or a reconciler holds them), unknown
//! outcomes not yet resolved, PayPal captures still pending, and part
//! refunds whose answer was lost. Read from the claims' open index (one
//! Query), the pending orders (one Query) and the open refunds (one Query,
//! then a GetItem of each one's order).

use serde::Serialize;

use crate::order::{with_status, OrderStatus, Orders, RefundState};
use crate::ports::{Query, Table, TableError};
use crate::timestamp::Timestamp;

use super::{Claim, ClaimState, OpenRefund, Provider};

/// Where a payment needing attention stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Attention {
    Confirming,
    Unknown,
    PendingAtPaypal,
    RefundUnknown,
}

/// One payment needing attention.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttentionPayment {
    pub order_id: Option<String>,
    /// The order's number, once the order exists.
    pub number: Option<String>,
    pub provider: Provider,
    /// The provider's reference (PayPal order, charge or capture), when known.
    pub reference: Option<String>,
    pub state: Attention,
    pub since: Timestamp,
    /// What the reconciler found (or will look for), in words.
    pub found: String,
}

/// Every payment needing attention, oldest first.
pub async fn needing_attention(
    table: &dyn Table,
    now: Timestamp,
) -> Result<Vec<AttentionPayment>, TableError> {
    let mut found: Vec<AttentionPayment> = open_claims(table)
        .await?
        .into_iter()
        .filter_map(|claim| of_claim(claim, now))
        .collect();
    for order in with_status(table, OrderStatus::Pending).await? {
        found.push(AttentionPayment {
            number: Some(order.number().to_string()),
            provider: order.payment.provider,
            reference: Some(order.payment.reference.clone()),
            state: Attention::PendingAtPaypal,
            since: order.created_at,
            found: "PayPal holds the capture as pending; the reconciler completes the order (or cancels it) when PayPal settles it.".into(),
            order_id: Some(order.id),
        });
    }
    for open in OpenRefund::all(table).await? {
        let order = Orders::of(table, &open.user_id).get(&open.order_id).await?;
        let Some(order) = order else { continue };
        let Some(refund) = order
            .open_refund()
            .filter(|r| r.state == RefundState::Unknown)
        else {
            continue;
        };
        found.push(AttentionPayment {
            number: Some(order.number().to_string()),
            provider: order.payment.provider,
            reference: Some(order.payment.reference.clone()),
            state: Attention::RefundUnknown,
            since: refund.at,
            found: format!(
                "The provider's answer to a refund of {} was lost; the reconciler reads its ledger to tell whether it was given.",
                super::usd(refund.amount)
            ),
            order_id: Some(order.id),
        });
    }
    found.sort_by_key(|p| p.since);
    Ok(found)
}

/// Every open claim: one Query of the claims' index.
async fn open_claims(table: &dyn Table) -> Result<Vec<Claim>, TableError> {
    table.read_all(Query::on_gsi1("PAYMENTS#OPEN")).await
}

fn of_claim(claim: Claim, now: Timestamp) -> Option<AttentionPayment> {
    let overdue = claim.deadline <= now;
    let (state, found) = match claim.state {
        // Awaiting the buyer's approval at PayPal: nothing to look at.
        ClaimState::Created | ClaimState::Placed => return None,
        ClaimState::Charging if !overdue => (Attention::Confirming, "Being charged right now.".to_string()),
        ClaimState::Charging => (Attention::Confirming, "Its request stopped while charging; the reconciler asks the provider on its next run.".into()),
        ClaimState::Reconciling => (Attention::Confirming, "A reconciler is asking the provider now.".into()),
        ClaimState::Reversing => (Attention::Confirming, "Charged but not placed (the bag changed): being given back.".into()),
        ClaimState::Unknown => (Attention::Unknown, format!(
            "The provider's answer was lost (or it could not be asked, or giving back failed); the reconciler asks it again from {}.",
            claim.deadline
        )),
    };
    Some(AttentionPayment {
        order_id: Some(claim.order_id),
        number: None,
        provider: claim.provider,
        reference: claim.provider_order,
        state,
        since: claim.created_at,
        found,
    })
}
