//! What a handler answers, read from its signature: the document describes
//! each route's success from the very type the compiler checked the handler
//! against, so a handler that answers something new changes the document
//! (and `make test` fails until `shared/openapi.json` is regenerated).

use std::future::Future;

use axum::Json;
use shop_http::{Created, Csv, NoContent, WithCookies};
use utoipa::ToSchema;

use crate::{Body, Operation, Shape};

/// An axum handler, `async fn(extractors...) -> Result<A, E>`, by the answer
/// `A` it gives on success.
pub trait Handler<Args> {
    type Answer: Answers;
}

macro_rules! handler {
    ($($arg:ident),*) => {
        impl<F, Fut, A, E, $($arg,)*> Handler<($($arg,)*)> for F
        where
            F: FnOnce($($arg),*) -> Fut,
            Fut: Future<Output = Result<A, E>>,
            A: Answers,
        {
            type Answer = A;
        }
    };
}

handler!();
handler!(A1);
handler!(A1, A2);
handler!(A1, A2, A3);
handler!(A1, A2, A3, A4);
handler!(A1, A2, A3, A4, A5);
handler!(A1, A2, A3, A4, A5, A6);

/// An answer type: the statuses it may be sent with, and their bodies.
pub trait Answers {
    fn document(operation: &mut Operation);
}

fn json<T: ToSchema>() -> Body {
    Body::Json(Box::new(Shape::of::<T>()))
}

impl<T: ToSchema> Answers for Json<T> {
    fn document(operation: &mut Operation) {
        operation.respond(200, "OK", json::<T>());
    }
}

impl<T: ToSchema> Answers for Created<T> {
    fn document(operation: &mut Operation) {
        operation.respond(201, "Created", json::<T>());
    }
}

impl Answers for NoContent {
    fn document(operation: &mut Operation) {
        operation.respond(204, "Done; no body", Body::Empty);
    }
}

impl Answers for Csv {
    fn document(operation: &mut Operation) {
        operation.respond(200, "A CSV download", Body::Csv);
    }
}

impl<A: Answers> Answers for WithCookies<A> {
    fn document(operation: &mut Operation) {
        A::document(operation);
    }
}

impl Answers for payment::Settlement {
    fn document(operation: &mut Operation) {
        use domain::answers::{Paid, PaymentConfirming};
        operation.respond(201, "Paid and placed", json::<Paid>());
        let replay = "A replay: the order already placed for this payment";
        operation.respond(200, replay, json::<Paid>());
        let lost = "The provider's answer was lost: being confirmed (poll the payment's status)";
        operation.respond(202, lost, json::<PaymentConfirming>());
    }
}
