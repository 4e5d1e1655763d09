//! The shop's rules. Everything here is pure and fast to test; the adapters
//! that talk to DynamoDB, SES, S3 and the providers implement [`ports`].

pub mod accounts;
pub mod catalog;
pub mod house;
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
