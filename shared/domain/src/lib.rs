//! The shop's rules, and beside them how each entity lives in the single
//! table. The rules (validation, pricing, state moves, the checkout's
//! quote) are pure and fast to test; each entity's `store.rs`, with
//! [`records`] and [`shopper`], is the storage layer: typed async reads and
//! conditional writes through the [`ports::Table`] port. The adapters that
//! talk to DynamoDB, SES, S3 and the providers implement [`ports`].

/// A small closed value of the API contract (a provider, a state, a
/// line's reference): copied and compared, (de)serialised, and a schema of
/// the OpenAPI document.
macro_rules! contract_value {
    ($item:item) => {
        #[derive(
            Debug,
            Clone,
            Copy,
            PartialEq,
            Eq,
            serde::Serialize,
            serde::Deserialize,
            utoipa::ToSchema
        )]
        $item
    };
}

pub mod accounts;
pub mod answers;
pub mod atelier;
pub mod catalog;
pub mod house;
pub mod ids;
pub mod limits;
pub mod messages;
pub mod ports;
pub mod records;
pub mod text;
pub mod timestamp;
pub mod validation;

// Shopping: bag, wishlist, addresses, orders, requests.
pub mod address;
pub mod cart;
pub mod checkout;
pub mod order;
pub mod pricing;
pub mod requests;
pub mod shopper;
pub mod wishlist;
