//! Contract tests: the production adapters against the sandbox, started
//! in-process on a free loopback port (one sandbox per test).

use std::time::Duration;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use domain::ports::{
    Money, PayPalRefund, PaymentError, PaymentGateway, PaymentMethodSummary, ProviderStatus,
};
use payments::{PaymentsConfig, Timeouts};
use serde_json::{json, Value};

struct Sandbox {
    url: String,
    http: reqwest::Client,
}

impl Sandbox {
    async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .expect("loopback port");
        let base = format!("http://{}", listener.local_addr().expect("address"));
        let app = axum::Router::new().nest(
            "/sandbox",
            sandbox::router(sandbox::SandboxConfig {
                public_url: format!("{base}/sandbox"),
                assets_url: base.clone(),
            }),
        );
        tokio::spawn(async move { axum::serve(listener, app).await });
        Sandbox {
            url: format!("{base}/sandbox"),
            http: reqwest::Client::new(),
        }
    }

    fn config(&self) -> PaymentsConfig {
        let mut config = PaymentsConfig::sandbox(&self.url);
        config.timeouts = Timeouts {
            connect: Duration::from_secs(2),
            total: Duration::from_millis(1500),
        };
        config
    }

    fn gateway(&self) -> std::sync::Arc<dyn PaymentGateway> {
        payments::open(&self.config()).expect("adapters")
    }

    async fn control(&self, path: &str, body: Value) -> reqwest::Response {
        self.http
            .post(format!("{}/__control/{path}", self.url))
            .json(&body)
            .send()
            .await
            .expect("control call")
    }

    /// What the approval page's Approve button posts.
    async fn approve(&self, order_id: &str) {
        let res = self
            .http
            .post(format!("{}/paypal/approve", self.url))
            .json(&json!({ "token": order_id }))
            .send()
            .await
            .expect("approve");
        assert_eq!(res.status(), 200);
    }

    /// A nonce minted by the client-side GraphQL tokenization (no CVV check).
    async fn tokenize(&self, card: Value) -> String {
        let client_token = self.gateway().client_token(None).await.expect("token");
        let decoded: Value =
            serde_json::from_slice(&STANDARD.decode(client_token).expect("base64")).expect("json");
        let fingerprint = decoded["authorizationFingerprint"].as_str().expect("fp");
        let body: Value = self
            .http
            .post(format!("{}/graphql", self.url))
            .bearer_auth(fingerprint)
            .json(&json!({
                "query": "mutation TokenizeCreditCard($input: TokenizeCreditCardInput!) { tokenizeCreditCard(input: $input) { token } }",
                "variables": { "input": { "creditCard": card } },
            }))
            .send()
            .await
            .expect("tokenize")
            .json()
            .await
            .expect("json");
        body["data"]["tokenizeCreditCard"]["token"]
            .as_str()
            .unwrap_or_else(|| panic!("no token: {body}"))
            .to_string()
    }
}

fn card(number: &str) -> Value {
    json!({ "number": number, "expirationMonth": "12", "expirationYear": "2030", "cvv": "123" })
}

#[tokio::test]
async fn client_tokens_are_base64_json_with_fingerprint_and_config_url() {
    let sandbox = Sandbox::start().await;
    let gateway = sandbox.gateway();
    for customer in [None, Some("customer-42")] {
        let token = gateway.client_token(customer).await.expect("client token");
        let json: Value =
            serde_json::from_slice(&STANDARD.decode(&token).expect("base64")).expect("JSON inside");
        assert!(json["authorizationFingerprint"]
            .as_str()
            .is_some_and(|f| !f.is_empty()));
        let config_url = json["configUrl"].as_str().expect("configUrl");
        assert!(config_url.starts_with(&sandbox.url), "{config_url}");
        // The SDK can use it: the configuration answers with its fingerprint.
        let res = sandbox
            .http
            .get(config_url)
            .query(&[(
                "authorizationFingerprint",
                json["authorizationFingerprint"].as_str().unwrap(),
            )])
            .send()
            .await
            .expect("configuration");
        assert_eq!(res.status(), 200);
    }
}

#[tokio::test]
async fn wrong_api_keys_are_unreachable_not_a_decline() {
    let sandbox = Sandbox::start().await;
    let mut config = sandbox.config();
    config.gateway.private_key = "wrong".into();
    config.paypal.client_secret = "wrong".into();
    let gateway = payments::open(&config).expect("adapters");
    // Refused keys: nothing was done, so the outcome is known.
    assert!(matches!(
        gateway.client_token(None).await,
        Err(PaymentError::Unreachable(_))
    ));
    assert!(matches!(
        gateway
            .paypal_create_order(Money::from_cents(1000), "USD", "r-1")
            .await,
        Err(PaymentError::Unreachable(_))
    ));
}

#[tokio::test]
async fn fixed_nonces_have_their_published_outcomes() {
    let sandbox = Sandbox::start().await;
    let gateway = sandbox.gateway();
    let cases = [
        ("fake-valid-nonce", "VISA", "1111"),
        ("fake-valid-visa-nonce", "VISA", "1111"),
        ("fake-valid-mastercard-nonce", "MASTERCARD", "4444"),
        ("fake-valid-amex-nonce", "AMERICAN_EXPRESS", "0005"),
    ];
    for (nonce, brand, last4) in cases {
        let charge = gateway
            .charge(nonce, Money::from_cents(12_345), "order-1")
            .await
            .unwrap_or_else(|e| panic!("{nonce}: {e}"));
        assert_eq!(charge.status, ProviderStatus::SubmittedForSettlement);
        assert_eq!(charge.amount, Money::from_cents(12_345));
        assert!(!charge.id.is_empty());
        assert_eq!(
            charge.method,
            PaymentMethodSummary::Card {
                card_type: brand.into(),
                last4: last4.into()
            },
            "{nonce}"
        );
    }
    let paypal = gateway
        .charge(
            "fake-paypal-one-time-nonce",
            Money::from_cents(5_000),
            "order-2",
        )
        .await
        .expect("PayPal nonce");
    assert_eq!(
        paypal.method,
        PaymentMethodSummary::PayPal {
            email: "buyer@example.com".into()
        }
    );
    assert_eq!(
        gateway
            .charge(
                "fake-processor-declined-visa-nonce",
                Money::from_cents(1_000),
                "o"
            )
            .await,
        Err(PaymentError::Declined {
            code: "2000".into(),
            reason: "Do Not Honor".into()
        })
    );
    let fraud = gateway
        .charge(
            "fake-gateway-rejected-fraud-nonce",
            Money::from_cents(1_000),
            "o",
        )
        .await;
    assert!(
        matches!(&fraud, Err(PaymentError::Rejected { reason }) if reason.contains("fraud")),
        "{fraud:?}"
    );
    assert_eq!(
        gateway
            .charge("fake-consumed-nonce", Money::from_cents(1_000), "o")
            .await,
        Err(PaymentError::NonceUsed)
    );
    assert_eq!(
        gateway
            .charge("no-such-nonce", Money::from_cents(1_000), "o")
            .await,
        Err(PaymentError::InvalidNonce)
    );
}

#[tokio::test]
async fn minted_nonces_follow_the_test_cards_amounts_cvv_and_postal_code() {
    let sandbox = Sandbox::start().await;
    let gateway = sandbox.gateway();
    for (number, brand) in [
        ("4111111111111111", "VISA"),
        ("5555555555554444", "MASTERCARD"),
        ("378282246310005", "AMERICAN_EXPRESS"),
    ] {
        let nonce = sandbox.tokenize(card(number)).await;
        let charge = gateway
            .charge(&nonce, Money::from_cents(99_99), "o")
            .await
            .expect(number);
        assert!(
            matches!(charge.method, PaymentMethodSummary::Card { ref card_type, .. } if card_type == brand)
        );
    }
    let nonce = sandbox.tokenize(card("4000111111111115")).await;
    assert_eq!(
        gateway.charge(&nonce, Money::from_cents(1_000), "o").await,
        Err(PaymentError::Declined {
            code: "2000".into(),
            reason: "Do Not Honor".into()
        })
    );
    let nonce = sandbox.tokenize(card("4111111111111111")).await;
    assert_eq!(
        gateway
            .charge(&nonce, Money::from_cents(200_100), "o")
            .await,
        Err(PaymentError::Declined {
            code: "2001".into(),
            reason: "Insufficient Funds".into()
        })
    );
    let nonce = sandbox.tokenize(card("4111111111111111")).await;
    assert!(gateway
        .charge(&nonce, Money::from_cents(300_000), "o")
        .await
        .is_ok());

    let mut cvv = card("4111111111111111");
    cvv["cvv"] = json!("200");
    let nonce = sandbox.tokenize(cvv).await;
    let r = gateway.charge(&nonce, Money::from_cents(1_000), "o").await;
    assert!(
        matches!(&r, Err(PaymentError::Rejected { reason }) if reason.contains("CVV")),
        "{r:?}"
    );

    let mut avs = card("4111111111111111");
    avs["billingAddress"] = json!({ "postalCode": "20000" });
    let nonce = sandbox.tokenize(avs).await;
    let r = gateway.charge(&nonce, Money::from_cents(1_000), "o").await;
    assert!(
        matches!(&r, Err(PaymentError::Rejected { reason }) if reason.contains("postal")),
        "{r:?}"
    );
}

#[tokio::test]
async fn a_nonce_charges_once() {
    let sandbox = Sandbox::start().await;
    let gateway = sandbox.gateway();
    let nonce = sandbox.tokenize(card("4111111111111111")).await;
    gateway
        .charge(&nonce, Money::from_cents(2_500), "order-9")
        .await
        .expect("first charge");
    assert_eq!(
        gateway
            .charge(&nonce, Money::from_cents(2_500), "order-9")
            .await,
        Err(PaymentError::NonceUsed)
    );
    // A declined charge uses the nonce up too.
    let declined = sandbox.tokenize(card("4000111111111115")).await;
    assert!(gateway
        .charge(&declined, Money::from_cents(100), "o")
        .await
        .is_err());
    assert_eq!(
        gateway.charge(&declined, Money::from_cents(100), "o").await,
        Err(PaymentError::NonceUsed)
    );
}

#[tokio::test]
async fn void_and_refund() {
    let sandbox = Sandbox::start().await;
    let gateway = sandbox.gateway();

    let charge = gateway
        .charge("fake-valid-nonce", Money::from_cents(10_000), "o-1")
        .await
        .expect("charge");
    // Unsettled: refund refused, void goes through once.
    assert!(matches!(
        gateway.refund(&charge.id, Money::from_cents(1_000)).await,
        Err(PaymentError::Invalid(_))
    ));
    gateway.void(&charge.id).await.expect("void");
    assert!(matches!(
        gateway.void(&charge.id).await,
        Err(PaymentError::Invalid(_))
    ));

    let charge = gateway
        .charge("fake-valid-nonce", Money::from_cents(10_000), "o-2")
        .await
        .expect("charge");
    let settled = sandbox
        .control("settle", json!({ "transactionId": charge.id }))
        .await;
    assert_eq!(settled.status(), 200);
    let refund = gateway
        .refund(&charge.id, Money::from_cents(2_550))
        .await
        .expect("partial refund");
    assert_eq!(refund.amount, Money::from_cents(2_550));
    assert!(!refund.id.is_empty());
    assert!(matches!(
        gateway.refund(&charge.id, Money::from_cents(7_451)).await,
        Err(PaymentError::Invalid(_))
    ));
    gateway
        .refund(&charge.id, Money::from_cents(7_450))
        .await
        .expect("the rest");
    assert!(matches!(
        gateway.void("dHJhbnNhY3Rpb25fbm9uZQ").await,
        Err(PaymentError::NotFound(_))
    ));
}

#[tokio::test]
async fn paypal_create_approve_capture_and_replays() {
    let sandbox = Sandbox::start().await;
    let gateway = sandbox.gateway();

    let order = gateway
        .paypal_create_order(Money::from_cents(22_760), "USD", "create-1")
        .await
        .expect("order");
    assert_eq!(
        gateway
            .paypal_create_order(Money::from_cents(22_760), "USD", "create-1")
            .await
            .expect("replayed create"),
        order,
        "the same request id gives the same order"
    );

    // Before approval: refused.
    assert_eq!(
        gateway.paypal_capture(&order, "capture-0").await,
        Err(PaymentError::OrderNotApproved)
    );

    sandbox.approve(&order).await;
    let capture = gateway
        .paypal_capture(&order, "capture-1")
        .await
        .expect("capture");
    assert_eq!(capture.order_id, order);
    assert_eq!(capture.status, ProviderStatus::Completed);
    assert_eq!(capture.amount, Money::from_cents(22_760));
    assert_eq!(capture.currency, "USD");
    assert_eq!(capture.payer_email.as_deref(), Some("buyer@example.com"));

    // Replaying the same request id returns the same capture.
    assert_eq!(
        gateway
            .paypal_capture(&order, "capture-1")
            .await
            .expect("replay"),
        capture
    );
    // A new request id is a second capture: refused.
    assert_eq!(
        gateway.paypal_capture(&order, "capture-2").await,
        Err(PaymentError::AlreadyCaptured)
    );
    assert!(matches!(
        gateway.paypal_capture("NOSUCHORDER", "capture-3").await,
        Err(PaymentError::NotFound(_))
    ));
}

#[tokio::test]
async fn paypal_refunds_in_part_up_to_the_capture_once_per_request_id() {
    let sandbox = Sandbox::start().await;
    let gateway = sandbox.gateway();
    let order = gateway
        .paypal_create_order(Money::from_cents(10_000), "USD", "create-1")
        .await
        .expect("order");
    sandbox.approve(&order).await;
    let capture = gateway
        .paypal_capture(&order, "capture-1")
        .await
        .expect("capture");
    let refunded = |found: domain::ports::PayPalOrder| {
        let c = &found.captures[0];
        (c.status.clone(), c.refunded, c.is_live())
    };

    let first = gateway
        .paypal_refund(PayPalRefund {
            capture_id: &capture.id,
            amount: Money::from_cents(2_550),
            request_id: "refund-1",
        })
        .await
        .expect("a part refund");
    assert_eq!(first.amount, Money::from_cents(2_550));
    assert_eq!(first.status, ProviderStatus::Completed);
    // A retry under the same request id answers the first refund.
    let replayed = gateway
        .paypal_refund(PayPalRefund {
            capture_id: &capture.id,
            amount: Money::from_cents(2_550),
            request_id: "refund-1",
        })
        .await
        .expect("replayed");
    assert_eq!(replayed, first);
    let found = gateway.paypal_order(&order).await.expect("order");
    assert_eq!(
        refunded(found),
        (
            ProviderStatus::PartiallyRefunded,
            Money::from_cents(2_550),
            true
        )
    );

    // Above what is left: refused, nothing given.
    assert!(matches!(
        gateway
            .paypal_refund(PayPalRefund {
                capture_id: &capture.id,
                amount: Money::from_cents(7_451),
                request_id: "refund-2",
            })
            .await,
        Err(PaymentError::Invalid(_))
    ));
    gateway
        .paypal_refund(PayPalRefund {
            capture_id: &capture.id,
            amount: Money::from_cents(7_450),
            request_id: "refund-3",
        })
        .await
        .expect("the rest");
    let found = gateway.paypal_order(&order).await.expect("order");
    assert_eq!(
        refunded(found),
        (ProviderStatus::Refunded, Money::from_cents(10_000), false)
    );
    assert!(matches!(
        gateway
            .paypal_refund(PayPalRefund {
                capture_id: &capture.id,
                amount: Money::from_cents(1),
                request_id: "refund-4",
            })
            .await,
        Err(PaymentError::Invalid(_))
    ));
}

#[tokio::test]
async fn paypal_order_responses_have_the_real_shape() {
    let sandbox = Sandbox::start().await;
    let token: Value = sandbox
        .http
        .post(format!("{}/paypal/v1/oauth2/token", sandbox.url))
        .basic_auth("sandbox-client-id", Some("sandbox-client-secret"))
        .body("grant_type=client_credentials")
        .header("Content-Type", "application/x-www-form-urlencoded")
        .send()
        .await
        .expect("token")
        .json()
        .await
        .expect("json");
    assert_eq!(token["token_type"], "Bearer");
    assert!(token["expires_in"].as_u64().is_some());
    let access = token["access_token"].as_str().expect("access token");
    let res = sandbox
        .http
        .post(format!("{}/paypal/v2/checkout/orders", sandbox.url))
        .bearer_auth(access)
        .json(&json!({ "intent": "CAPTURE", "purchase_units": [{ "amount": { "currency_code": "USD", "value": "10.00" } }] }))
        .send()
        .await
        .expect("create");
    assert_eq!(res.status(), 201);
    let order: Value = res.json().await.expect("json");
    assert_eq!(order["status"], "CREATED");
    let approve = order["links"]
        .as_array()
        .expect("links")
        .iter()
        .find(|l| l["rel"] == "approve")
        .expect("an approve link");
    let page = sandbox
        .http
        .get(approve["href"].as_str().expect("href"))
        .send()
        .await
        .expect("approval page");
    assert_eq!(page.status(), 200);
    let html = page.text().await.expect("html");
    assert!(html.contains("Pay 10.00 USD") && html.contains("id=\"approve\""));

    let show = |id: String| {
        let http = sandbox.http.clone();
        let url = format!("{}/paypal/v2/checkout/orders/{id}", sandbox.url);
        let access = access.to_string();
        async move {
            let v: Value = http
                .get(url)
                .bearer_auth(access)
                .send()
                .await
                .expect("show")
                .json()
                .await
                .expect("json");
            v
        }
    };
    let id = order["id"].as_str().expect("id").to_string();
    sandbox.approve(&id).await;
    assert_eq!(show(id.clone()).await["status"], "APPROVED");

    let bad = sandbox
        .http
        .post(format!("{}/paypal/v2/checkout/orders", sandbox.url))
        .bearer_auth(access)
        .json(&json!({ "intent": "CAPTURE", "purchase_units": [{ "amount": { "currency_code": "USD", "value": "10.001" } }] }))
        .send()
        .await
        .expect("create");
    assert_eq!(bad.status(), 400);
    let bad: Value = bad.json().await.expect("json");
    assert_eq!(bad["name"], "INVALID_REQUEST");
    assert_eq!(bad["details"][0]["issue"], "DECIMAL_PRECISION");
}

#[tokio::test]
async fn injected_500_and_timeout_are_unavailable() {
    let sandbox = Sandbox::start().await;
    let gateway = sandbox.gateway();

    let r = sandbox
        .control(
            "fail-next",
            json!({ "pathPrefix": "/graphql", "status": 500 }),
        )
        .await;
    assert_eq!(r.status(), 204);
    assert!(matches!(
        gateway
            .charge("fake-valid-nonce", Money::from_cents(1_000), "o")
            .await,
        Err(PaymentError::Unavailable(_))
    ));
    // One failure only: the next call goes through.
    gateway
        .charge("fake-valid-nonce", Money::from_cents(1_000), "o")
        .await
        .expect("after the fault");

    sandbox
        .control(
            "fail-next",
            json!({ "pathPrefix": "/graphql", "delayMs": 4000 }),
        )
        .await;
    let started = std::time::Instant::now();
    assert!(matches!(
        gateway.client_token(None).await,
        Err(PaymentError::Unavailable(_))
    ));
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "the client gives up"
    );

    // A failed sign-in to PayPal and a stalled order call both leave the
    // order uncreated.
    for fault in [
        json!({ "pathPrefix": "/paypal/v1/oauth2", "status": 503 }),
        json!({ "pathPrefix": "/paypal/v2/checkout/orders", "delayMs": 4000 }),
    ] {
        sandbox.control("fail-next", fault.clone()).await;
        let created = gateway
            .paypal_create_order(Money::from_cents(1_000), "USD", "r")
            .await;
        assert!(
            matches!(created, Err(PaymentError::Unavailable(_))),
            "{fault}: {created:?}"
        );
    }
    gateway
        .paypal_create_order(Money::from_cents(1_000), "USD", "r2")
        .await
        .expect("after the faults");
}

#[tokio::test]
async fn reset_forgets_transactions_and_faults() {
    let sandbox = Sandbox::start().await;
    let gateway = sandbox.gateway();
    let charge = gateway
        .charge("fake-valid-nonce", Money::from_cents(1_000), "o")
        .await
        .expect("charge");
    sandbox
        .control(
            "fail-next",
            json!({ "pathPrefix": "/graphql", "status": 500, "times": 5 }),
        )
        .await;
    assert_eq!(sandbox.control("reset", json!({})).await.status(), 204);
    assert!(matches!(
        gateway.void(&charge.id).await,
        Err(PaymentError::NotFound(_))
    ));
    // The cached PayPal token was forgotten too: the adapter gets a new one.
    let order = gateway
        .paypal_create_order(Money::from_cents(1_000), "USD", "after-reset")
        .await
        .expect("order after reset");
    assert!(!order.is_empty());
}
