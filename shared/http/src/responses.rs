//! Answers whose status and headers are part of their type, so the API
//! contract can read from a handler's signature what it answers: `Json<T>`
//! is a 200, [`Created`] a 201, [`NoContent`] a 204, [`Csv`] a download,
//! [`WithCookies`] sets the session's cookies.

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

/// An answer with status 204 and no body.
#[derive(Debug)]
pub struct NoContent;

impl IntoResponse for NoContent {
    fn into_response(self) -> Response {
        StatusCode::NO_CONTENT.into_response()
    }
}

/// A CSV download (`text/csv`), named `filename`.
#[derive(Debug)]
pub struct Csv {
    pub filename: String,
    pub text: String,
}

impl IntoResponse for Csv {
    fn into_response(self) -> Response {
        let disposition = format!("attachment; filename=\"{}\"", self.filename);
        let mut response = self.text.into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/csv; charset=utf-8"),
        );
        if let Ok(value) = HeaderValue::from_str(&disposition) {
            headers.insert(header::CONTENT_DISPOSITION, value);
        }
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        response
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
