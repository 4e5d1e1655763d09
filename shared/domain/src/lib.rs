//! The shop's rules. Everything here is pure and fast to test; the adapters
//! that talk to DynamoDB, SES, S3 and the providers implement [`ports`].

pub mod catalog;
pub mod ports;
pub mod text;
pub mod validation;
