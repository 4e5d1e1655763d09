//! Ids in a route's path, parsed into their types at the edge.

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use domain::ids::PathId;

use crate::ApiError;

/// The route's `{id}`, parsed into `I`: anything that cannot be one is a
/// 404 with the route's own message, before any table request.
pub struct IdInPath<I>(pub I);

impl<I: PathId, S: Send + Sync> FromRequestParts<S> for IdInPath<I> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let not_found = || ApiError::not_found(I::NOT_FOUND);
        let Path(text) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| not_found())?;
        I::parse(&text).map(IdInPath).ok_or_else(not_found)
    }
}
