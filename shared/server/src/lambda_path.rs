//! The API as AWS runs it: each request turned into the API Gateway HTTP
//! API (payload 2.0) event the function receives, handed to the function's
//! real `lambda_http` entry (the adapter `lambda_http::run` wraps a router
//! in), and its answer read back as API Gateway reads it: status, headers,
//! the `cookies` list as one `Set-Cookie` each, a base64 body decoded.
//! `shop-server` serves the API this way with `LAMBDA_EVENTS=1`, and the
//! Lambda-path API tests always do, so the event translation (cookies,
//! query strings, binary bodies, HEAD, redirects, 413s) is tested, not
//! assumed.

use axum::body::{to_bytes, Body};
use axum::http::{HeaderMap, HeaderValue, Request, Response, StatusCode};
use axum::Router;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use lambda_http::lambda_runtime::{Context, LambdaEvent};
use lambda_http::request::LambdaRequest;
use lambda_http::Adapter;
use serde_json::{json, Map, Value};
use tower::Service;

/// What API Gateway accepts as a request body (its payload limit).
const MAX_EVENT_BODY: usize = 10 * 1024 * 1024;

/// One request through `router` as a Lambda invocation.
pub async fn invoke(router: Router, request: Request<Body>) -> Response<Body> {
    let event = match event_of(request).await {
        Ok(event) => event,
        Err(status) => return plain(status),
    };
    let payload: LambdaRequest = match serde_json::from_value(event) {
        Ok(payload) => payload,
        Err(error) => {
            tracing::error!(%error, "an event lambda_http cannot read");
            return plain(StatusCode::BAD_GATEWAY);
        }
    };
    // An axum router is always ready: called at once, and the adapter
    // (which a future may not hold across an await) dropped before waiting.
    let answering = {
        let mut adapter = Adapter::from(router);
        adapter.call(LambdaEvent::new(payload, Context::default()))
    };
    let Ok(answer) = answering.await;
    match serde_json::to_value(answer) {
        Ok(answer) => response_of(&answer),
        Err(_) => plain(StatusCode::BAD_GATEWAY),
    }
}

fn plain(status: StatusCode) -> Response<Body> {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = status;
    response
}

/// The API Gateway v2 event of a request: lower-case headers (repeated ones
/// joined by commas), the `Cookie` header as the `cookies` list, the raw
/// query string, and a body in base64 unless it is UTF-8 text.
async fn event_of(request: Request<Body>) -> Result<Value, StatusCode> {
    let (parts, body) = request.into_parts();
    let bytes = to_bytes(body, MAX_EVENT_BODY)
        .await
        .map_err(|_| StatusCode::PAYLOAD_TOO_LARGE)?;
    let mut headers = Map::new();
    let mut cookies = Vec::new();
    for name in parts.headers.keys() {
        let values: Vec<&str> = parts
            .headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect();
        if name == "cookie" {
            cookies.extend(
                values
                    .iter()
                    .flat_map(|v| v.split("; "))
                    .map(str::to_string),
            );
        } else {
            headers.insert(name.as_str().to_string(), values.join(",").into());
        }
    }
    let text = std::str::from_utf8(&bytes).ok().map(str::to_string);
    let (body, base64) = match text {
        _ if bytes.is_empty() => (Value::Null, false),
        Some(text) => (text.into(), false),
        None => (STANDARD.encode(&bytes).into(), true),
    };
    let path = parts.uri.path();
    let source_ip = parts
        .headers
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .unwrap_or("127.0.0.1")
        .trim()
        .to_string();
    let mut event = json!({
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": path,
        "rawQueryString": parts.uri.query().unwrap_or(""),
        "headers": headers,
        "requestContext": {
            "accountId": "123456789012",
            "apiId": "local",
            "domainName": parts.headers.get("host").and_then(|h| h.to_str().ok()).unwrap_or("127.0.0.1"),
            "domainPrefix": "local",
            "http": {
                "method": parts.method.as_str(),
                "path": path,
                "protocol": "HTTP/1.1",
                "sourceIp": source_ip,
                "userAgent": parts.headers.get("user-agent").and_then(|h| h.to_str().ok()).unwrap_or(""),
            },
            "requestId": ulid::Ulid::new().to_string(),
            "routeKey": "$default",
            "stage": "$default",
            "time": "01/Dec/2026:00:00:00 +0000",
            "timeEpoch": 0,
        },
        "body": body,
        "isBase64Encoded": base64,
    });
    if !cookies.is_empty() {
        event["cookies"] = cookies.into();
    }
    if let Some(query) = parts.uri.query() {
        event["queryStringParameters"] = query_parameters(query);
    }
    Ok(event)
}

/// API Gateway's `queryStringParameters`: repeated names joined by commas.
fn query_parameters(query: &str) -> Value {
    let mut parameters: Map<String, Value> = Map::new();
    let decode = |part: &str| {
        let spaced = part.replace('+', " ");
        urlencoding::decode(&spaced)
            .map(|d| d.into_owned())
            .unwrap_or(spaced)
    };
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let (name, value) = (decode(name), decode(value));
        let joined = match parameters.get(&name).and_then(Value::as_str) {
            Some(earlier) => format!("{earlier},{value}"),
            None => value,
        };
        parameters.insert(name, joined.into());
    }
    parameters.into()
}

/// The HTTP answer API Gateway makes of a function's v2 response.
fn response_of(answer: &Value) -> Response<Body> {
    let status = answer["statusCode"]
        .as_u64()
        .and_then(|s| StatusCode::from_u16(s as u16).ok())
        .unwrap_or(StatusCode::BAD_GATEWAY);
    let mut headers = HeaderMap::new();
    let single = answer["headers"].as_object().into_iter().flatten();
    let multi = answer["multiValueHeaders"]
        .as_object()
        .into_iter()
        .flatten();
    for (name, value) in single {
        append(&mut headers, name, value.as_str().unwrap_or_default());
    }
    for (name, values) in multi {
        if headers.contains_key(name.as_str()) {
            continue;
        }
        for value in values.as_array().into_iter().flatten() {
            append(&mut headers, name, value.as_str().unwrap_or_default());
        }
    }
    for cookie in answer["cookies"].as_array().into_iter().flatten() {
        append(
            &mut headers,
            "set-cookie",
            cookie.as_str().unwrap_or_default(),
        );
    }
    let text = answer["body"].as_str().unwrap_or_default();
    let body = if answer["isBase64Encoded"] == true {
        STANDARD.decode(text).unwrap_or_default()
    } else {
        text.as_bytes().to_vec()
    };
    headers.remove("content-length");
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    response
}

fn append(headers: &mut HeaderMap, name: &str, value: &str) {
    let name = axum::http::HeaderName::from_bytes(name.as_bytes());
    if let (Ok(name), Ok(value)) = (name, HeaderValue::from_str(value)) {
        headers.append(name, value);
    }
}
