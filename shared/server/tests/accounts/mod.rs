//! Helpers of the account API tests: sign-up bodies, Set-Cookie reading,
//! and a client that presents exactly the cookies it is given.
#![allow(dead_code)]

use reqwest::header::{HeaderMap, HeaderValue, ORIGIN, SET_COOKIE};
use serde_json::{json, Value};

use crate::common::{Answer, Client, TestShop};

pub const PASSWORD: &str = "couture1!";

pub fn registration(email: &str) -> Value {
    json!({
        "email": email,
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "title": "Ms",
        "firstname": "Ada",
        "lastname": "Lovelace",
        "birthday": "1990-12-10",
        "agreeToUpdates": true,
    })
}

/// Registers and signs in; answers the new account's id.
pub async fn signed_in(shop: &TestShop, c: &Client, email: &str) -> String {
    let created = c.post("/api/auth/register", registration(email)).await;
    assert_eq!(created.status, 201, "{:?}", created.body);
    let login = c
        .post(
            "/api/auth/login",
            json!({ "email": email, "password": PASSWORD }),
        )
        .await;
    assert_eq!(login.status, 200, "{:?}", login.body);
    let _ = shop;
    created.body["user"]["id"].as_str().unwrap().to_string()
}

/// The Set-Cookie header for a cookie name, whole.
pub fn set_cookie(answer: &Answer, name: &str) -> Option<String> {
    answer
        .headers
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{name}=")))
        .map(str::to_string)
}

/// A cookie's value from the answer's Set-Cookie headers.
pub fn cookie_value(answer: &Answer, name: &str) -> Option<String> {
    set_cookie(answer, name).map(|c| {
        c.split(';')
            .next()
            .unwrap()
            .split_once('=')
            .unwrap()
            .1
            .to_string()
    })
}

/// A client without a cookie jar: sends exactly `cookies` (and the site's Origin).
pub fn bare_client(shop: &TestShop, cookies: &str) -> Client {
    let mut headers = HeaderMap::new();
    headers.insert(ORIGIN, HeaderValue::from_str(&shop.url).unwrap());
    if !cookies.is_empty() {
        headers.insert(
            reqwest::header::COOKIE,
            HeaderValue::from_str(cookies).unwrap(),
        );
    }
    let http = reqwest::Client::builder()
        .default_headers(headers)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    Client {
        http,
        base: shop.url.clone(),
    }
}

/// A GET of an absolute address: status, headers and body text.
pub async fn get_url(c: &Client, url: &str) -> (u16, HeaderMap, String) {
    let response = c.http.get(url).send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap())
}

pub fn location(headers: &HeaderMap) -> String {
    headers
        .get(reqwest::header::LOCATION)
        .expect("a redirect")
        .to_str()
        .unwrap()
        .to_string()
}
