//! The API's one contract: an OpenAPI 3.1 document of every `/api` route,
//! built from one table of operations ([`operations`]) naming each route's
//! handler, whose signature says what it answers ([`signatures`]: the domain's
//! entities and `domain::answers`, the very types the handler builds), and
//! [`check`], which tells whether a response matches it.
//!
//! The local server answers the document at `/api/openapi.json`;
//! `make openapi` writes it to `shared/openapi.json`, from which the site's
//! TypeScript API types are generated. The texts the API and the site both
//! show are the other half of what they share: [`messages_json`], written
//! to `shared/messages.json` by `make messages`; and the formats both
//! check a field against, [`rules_json`], written to `shared/rules.json` by
//! `make rules`.

mod operations;
mod shapes;
pub mod signatures;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde_json::Value;
use utoipa::openapi::path::{HttpMethod, OperationBuilder};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::response::{ResponseBuilder, ResponsesBuilder};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{
    ComponentsBuilder, ContentBuilder, InfoBuilder, OpenApi, OpenApiBuilder, Paths, Ref, RefOr,
    Schema,
};
use utoipa::{PartialSchema, ToSchema};

pub use operations::operations;

/// The cookie schemes' names in the document: a shopper's session, a
/// staff member's console session.
const SESSION: &str = "session";
const CONSOLE: &str = "console";

/// An HTTP method of the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    Get,
    Post,
    Patch,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Patch => "PATCH",
            Method::Delete => "DELETE",
        }
    }

    fn http(self) -> HttpMethod {
        match self {
            Method::Get => HttpMethod::Get,
            Method::Post => HttpMethod::Post,
            Method::Patch => HttpMethod::Patch,
            Method::Delete => HttpMethod::Delete,
        }
    }

    fn parse(method: &str) -> Option<Self> {
        match method.to_ascii_uppercase().as_str() {
            "GET" => Some(Method::Get),
            "POST" => Some(Method::Post),
            "PATCH" => Some(Method::Patch),
            "DELETE" => Some(Method::Delete),
            _ => None,
        }
    }
}

/// A JSON schema and the named schemas it refers to.
#[derive(Clone)]
pub struct Shape {
    schema: RefOr<Schema>,
    components: Vec<(String, RefOr<Schema>)>,
}

impl Shape {
    /// A named type: a `$ref` to its component.
    pub fn of<T: ToSchema>() -> Self {
        let mut components = Vec::new();
        T::schemas(&mut components);
        components.push((T::name().into_owned(), T::schema()));
        Self {
            schema: Ref::from_schema_name(T::name()).into(),
            components,
        }
    }
}

/// What a response carries.
#[derive(Clone)]
pub enum Body {
    /// A JSON body of this shape.
    Json(Box<Shape>),
    /// An HTML page (the social sign-in popup's landing page).
    Html,
    /// A redirect (`Location`), no body to speak of.
    Redirect,
    /// No body: a `304` to a request whose `If-None-Match` tag is current.
    Empty,
}

/// One route and method: what it takes and everything it may answer.
#[derive(Clone)]
pub struct Operation {
    pub method: Method,
    /// The path as the function's axum router writes it: `/api/products/{id}`.
    pub path: &'static str,
    pub summary: &'static str,
    /// The function serving it (its name in `shared/routes.json`).
    pub function: &'static str,
    /// Whether it needs the session cookie.
    pub session: bool,
    /// Whether it needs a console session (the atelier's staff).
    pub console: bool,
    pub query: Vec<(&'static str, &'static str)>,
    pub request: Option<Shape>,
    /// Every status it answers, with its body, in ascending order.
    pub responses: BTreeMap<u16, (&'static str, Body)>,
}

impl Operation {
    /// Adds a status it answers.
    pub fn respond(&mut self, status: u16, description: &'static str, body: Body) {
        self.responses.insert(status, (description, body));
    }
}

/// The OpenAPI 3.1 document of the whole API.
pub fn openapi() -> OpenApi {
    let mut paths = Paths::new();
    let mut components = BTreeMap::new();
    let mut collect = |shape: &Shape| {
        for (name, schema) in &shape.components {
            components.insert(name.clone(), schema.clone());
        }
    };
    for op in operations() {
        let id = operation_id(&op);
        let mut builder = OperationBuilder::new()
            .operation_id(Some(id))
            .summary(Some(op.summary))
            .tag(op.function);
        for (name, description) in &op.query {
            builder = builder.parameter(
                utoipa::openapi::path::ParameterBuilder::new()
                    .name(*name)
                    .parameter_in(utoipa::openapi::path::ParameterIn::Query)
                    .description(Some(*description))
                    .required(utoipa::openapi::Required::False)
                    .schema(Some(String::schema())),
            );
        }
        for name in path_parameters(op.path) {
            builder = builder.parameter(
                utoipa::openapi::path::ParameterBuilder::new()
                    .name(name)
                    .parameter_in(utoipa::openapi::path::ParameterIn::Path)
                    .required(utoipa::openapi::Required::True)
                    .schema(Some(String::schema())),
            );
        }
        if let Some(shape) = &op.request {
            collect(shape);
            builder = builder.request_body(Some(
                RequestBodyBuilder::new()
                    .content(
                        "application/json",
                        ContentBuilder::new()
                            .schema(Some(shape.schema.clone()))
                            .build(),
                    )
                    .required(Some(utoipa::openapi::Required::True))
                    .build(),
            ));
        }
        if op.session {
            builder = builder.security(SecurityRequirement::new::<_, _, &str>(SESSION, []));
        }
        if op.console {
            builder = builder.security(SecurityRequirement::new::<_, _, &str>(CONSOLE, []));
        }
        let mut responses = ResponsesBuilder::new();
        for (status, (description, body)) in &op.responses {
            let mut response = ResponseBuilder::new().description(*description);
            match body {
                Body::Json(shape) => {
                    collect(shape);
                    response = response.content(
                        "application/json",
                        ContentBuilder::new()
                            .schema(Some(shape.schema.clone()))
                            .build(),
                    );
                }
                Body::Html => {
                    response = response.content(
                        "text/html",
                        ContentBuilder::new().schema(Some(String::schema())).build(),
                    );
                }
                Body::Redirect | Body::Empty => {}
            }
            responses = responses.response(status.to_string(), response.build());
        }
        paths.add_path_operation(
            op.path,
            vec![op.method.http()],
            builder.responses(responses.build()).build(),
        );
    }
    let mut schemas = ComponentsBuilder::new().security_scheme(
        SESSION,
        SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
            "access_token",
            "The session's access token, an httpOnly cookie set by sign-in and refresh (its name carries a `__Host-` prefix over HTTPS).",
        ))),
    )
    .security_scheme(
        CONSOLE,
        SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
            "atelier",
            "A staff member's console session, an httpOnly cookie sent to /api/atelier only, set by a passkey sign-in or enrolment (`__Secure-atelier` over HTTPS).",
        ))),
    );
    for (name, schema) in components {
        schemas = schemas.schema(name, without_null_defaults(schema));
    }
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("Couture storefront API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "The shop API under /api: JSON in and out, the session in httpOnly cookies. \
                     Errors answer `{ message, code, errors? }`; lists answer `{ data: [...] }`.",
                )),
        )
        .paths(paths)
        .components(Some(schemas.build()))
        .build()
}

/// A schema whose properties say no `default: null`. Request bodies read
/// every field as sent (a missing one is null, and gets the spec's message),
/// which utoipa writes as a null default; clients would read a default as
/// "always present" and make every field of a body required.
fn without_null_defaults(schema: RefOr<Schema>) -> RefOr<Schema> {
    let RefOr::T(Schema::Object(mut object)) = schema else {
        return schema;
    };
    for property in object.properties.values_mut() {
        if let RefOr::T(schema) = property {
            let default = match schema {
                Schema::Object(o) => &mut o.default,
                Schema::OneOf(o) => &mut o.default,
                Schema::AllOf(o) => &mut o.default,
                Schema::AnyOf(o) => &mut o.default,
                _ => continue,
            };
            if default.as_ref().is_some_and(Value::is_null) {
                *default = None;
            }
        }
    }
    RefOr::T(Schema::Object(object))
}

/// The document as pretty JSON, with a final newline: what `make openapi`
/// writes and `/api/openapi.json` answers.
pub fn openapi_json() -> String {
    let mut text = openapi()
        .to_pretty_json()
        .expect("the OpenAPI document serialises");
    text.push('\n');
    text
}

/// The domain's index of the texts the site shows as the API words them,
/// as pretty JSON with a final newline: what `make messages` writes to
/// `shared/messages.json`, the site's only source of those texts.
pub fn messages_json() -> String {
    let mut text = serde_json::to_string_pretty(&domain::messages::shown_by_the_site())
        .expect("the messages serialise");
    text.push('\n');
    text
}

/// The rules the site checks before sending, as the API checks them, as
/// pretty JSON with a final newline: what `make rules` writes to
/// `shared/rules.json`, the site's only source of them.
pub fn rules_json() -> String {
    let rules = serde_json::json!({ "address": domain::address::RULES });
    let mut text = serde_json::to_string_pretty(&rules).expect("the rules serialise");
    text.push('\n');
    text
}

/// `get_products_id`: the method and the path's words.
fn operation_id(op: &Operation) -> String {
    let words: Vec<String> = op
        .path
        .trim_start_matches("/api/")
        .split('/')
        .map(|s| {
            s.trim_matches(|c| c == '{' || c == '}')
                .replace(['-', '*'], "_")
        })
        .collect();
    format!("{}_{}", op.method.as_str().to_lowercase(), words.join("_"))
}

fn path_parameters(path: &str) -> impl Iterator<Item = &str> {
    path.split('/')
        .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
}

/// The operation serving `method` on a concrete path (no query string): a
/// literal segment wins over a `{parameter}` (`/api/products/search` is not
/// `/api/products/{id}`).
pub fn operation_for(method: &str, path: &str) -> Option<Operation> {
    let method = Method::parse(method)?;
    let path = path.split('?').next().unwrap_or(path);
    let segments: Vec<&str> = path.split('/').collect();
    operations()
        .into_iter()
        .filter(|op| op.method == method)
        .filter_map(|op| {
            let template: Vec<&str> = op.path.split('/').collect();
            if template.len() != segments.len() {
                return None;
            }
            let mut parameters = 0;
            for (t, s) in template.iter().zip(&segments) {
                if t.starts_with('{') {
                    if s.is_empty() {
                        return None;
                    }
                    parameters += 1;
                } else if t != s {
                    return None;
                }
            }
            Some((parameters, op))
        })
        .min_by_key(|(parameters, _)| *parameters)
        .map(|(_, op)| op)
}

/// Whether a response matches the document: `method` and `path` as sent
/// (`"GET"`, `"/api/products/01J..."`, a query string is ignored), the
/// status answered and the body parsed as JSON (`Value::Null` for a body
/// that is not JSON). An unknown route, an undocumented status, or a JSON
/// body that does not match that status's schema is an `Err` saying why.
/// HTML pages and redirects are checked by status only.
pub fn check(method: &str, path: &str, status: u16, body: &Value) -> Result<(), String> {
    let op = operation_for(method, path)
        .ok_or_else(|| format!("{method} {path} is not a route of the API contract"))?;
    let (_, answer) = op.responses.get(&status).ok_or_else(|| {
        format!(
            "{method} {path} ({}) answered {status}, which the contract does not list (it lists {:?})",
            op.path,
            op.responses.keys().collect::<Vec<_>>()
        )
    })?;
    let Body::Json(shape) = answer else {
        return Ok(());
    };
    let mut schema = serde_json::to_value(&shape.schema).map_err(|e| e.to_string())?;
    schema["components"] = components_json().clone();
    let validator = jsonschema::draft202012::new(&schema).map_err(|e| {
        format!(
            "the contract's schema for {} {status} does not compile: {e}",
            op.path
        )
    })?;
    let errors: Vec<String> = validator
        .iter_errors(body)
        .map(|e| format!("at `{}`: {e}", e.instance_path))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{method} {path} ({}) {status}: the body does not match the contract:\n  {}\nbody: {body}",
            op.path,
            errors.join("\n  ")
        ))
    }
}

/// Every named schema, as JSON, for `$ref`s to resolve against.
fn components_json() -> &'static Value {
    static COMPONENTS: OnceLock<Value> = OnceLock::new();
    COMPONENTS.get_or_init(|| {
        let document = serde_json::to_value(openapi()).expect("the document serialises");
        document["components"].clone()
    })
}

#[cfg(test)]
mod tests;
