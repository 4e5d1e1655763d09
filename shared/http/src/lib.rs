//! What every function's router shares: errors as JSON, a strict JSON body
//! extractor, sessions from cookies, and the layers that make a router safe to
//! expose (Origin check, request ids, panics as 500s, JSON 404s).

pub mod error;
pub mod json;
pub mod lambda;
pub mod limits;
pub mod origin;
pub mod path;
pub mod responses;
pub mod service;
pub mod session;

pub use domain::answers::ErrorCode;
pub use error::ApiError;
pub use json::JsonBody;
pub use path::IdInPath;
pub use responses::{Created, Csv, NoContent, WithCookies};
pub use service::serve;
pub use session::{CurrentUser, LoginWording, SignedIn};

/// The result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;
