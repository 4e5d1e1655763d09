//! Answers whose status and headers are part of their type, so the API
//! contract can read from a handler's signature what it answers: `Json<T>`
//! is a 200, [`Created`] a 201, [`WithCookies`] sets the session's cookies.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// A JSON answer with status 201 Created.
#[derive(Debug)]
pub struct Created<T>(pub T);

impl<T: Serialize> IntoResponse for Created<T> {
    fn into_response(self) -> Response {
        (StatusCode::CREATED, Json(self.0)).into_response()
    }
}

/// An answer that sets cookies (or clears them). Never cached: it is about
/// one browser's session.
#[derive(Debug)]
pub struct WithCookies<A> {
    pub cookies: Vec<HeaderValue>,
    pub answer: A,
}

impl<A> WithCookies<A> {
    pub fn new(cookies: Vec<HeaderValue>, answer: A) -> Self {
        Self { cookies, answer }
    }

    /// No cookie to set, but about the session all the same: never cached.
    pub fn none(answer: A) -> Self {
        Self::new(Vec::new(), answer)
    }
}

impl<A: IntoResponse> IntoResponse for WithCookies<A> {
    fn into_response(self) -> Response {
        let mut response = self.answer.into_response();
        let headers = response.headers_mut();
        for cookie in self.cookies {
            headers.append(header::SET_COOKIE, cookie);
        }
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        response
    }
}
