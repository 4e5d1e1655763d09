//! What the domain needs from the outside world, named as traits. Each has a
//! production adapter (AWS) and an embedded one (local files), chosen by
//! configuration in the `app` crate, never by `cfg(test)`.

pub mod blobs;
pub mod clock;
pub mod identity;
pub mod mailer;
pub mod payments;
pub mod table;

pub use blobs::{Blobs, BlobsError};
pub use clock::Clock;
pub use identity::{Authorization, IdentityError, IdentityProvider, VerifiedIdentity};
pub use mailer::{Attachment, Email, Mailer, MailerError};
pub use payments::{
    Capture, Charge, Money, PayPalOrder, PayPalRefund, PaymentError, PaymentGateway,
    PaymentMethodSummary, ProviderStatus, Refund,
};
pub use table::*;
