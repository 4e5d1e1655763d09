//! What the checkout tests share: a catalogue product and a bag line as
//! the table holds them, a shipping address, an outbox that keeps every
//! email instead of sending it, a clock the tests move, the checkout over
//! them, and a provider whose books are the truth (`books`).

#![allow(dead_code)]

pub mod books;

use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use domain::cart::{CartLine, LineSize};
use domain::catalog::{Product, ProductCard, ProductSnapshot, Size, Status};
use domain::checkout::{Budget, Checkout, Outbox, ShippingAddress};
use domain::ports::{
    Blobs, BlobsError, Charge, Clock, Condition, Email, Mailer, MailerError, Money, PaymentGateway,
    PaymentMethodSummary, Table,
};
use domain::records::Outcome;
use domain::timestamp::Timestamp;

#[derive(Default)]
pub struct Outgoing(pub Mutex<Vec<Email>>);

#[async_trait]
impl Mailer for Outgoing {
    async fn send(&self, email: Email) -> Result<(), MailerError> {
        self.0.lock().unwrap().push(email);
        Ok(())
    }
}

#[async_trait]
impl Blobs for Outgoing {
    async fn put(&self, _: &str, _: Vec<u8>, _: &str) -> Result<(), BlobsError> {
        Ok(())
    }
    async fn get(&self, _: &str) -> Result<Option<Vec<u8>>, BlobsError> {
        Ok(None)
    }
    async fn exists(&self, _: &str) -> Result<bool, BlobsError> {
        Ok(false)
    }
    fn public_url(&self, key: &str) -> String {
        key.to_string()
    }
    fn key_of(&self, url: &str) -> Option<String> {
        Some(url.to_string())
    }
}

pub async fn put_product(table: &dyn Table, id: &str, cents: u32, status: &str) {
    let product = Product {
        description: String::new(),
        card: ProductCard {
            id: id.into(),
            sku: id.into(),
            name: id.into(),
            categories: vec!["women".into()],
            collection: "c".into(),
            collection_name: "C".into(),
            slug: id.into(),
            size: vec![Size::label("M").unwrap()],
            color: vec!["Ivory".into()],
            price: Money::from_cents(cents),
            tag: vec![],
            status: Status::from_name(status).expect("active or inactive"),
            product_gallery: vec![],
            items: vec![],
            created_at: Timestamp::parse("2025-01-01T00:00:00Z").unwrap(),
            made_to_order: false,
        },
    };
    let written = table.write(&product, Condition::None).await.unwrap();
    assert_eq!(written, Outcome::Done(()));
}

pub fn line(product: &str, quantity: u32) -> CartLine {
    let at = Timestamp::parse("2026-11-01T00:00:00Z").unwrap();
    CartLine {
        id: domain::cart::line_id(product, "Ivory", "M", "Set"),
        product: ProductSnapshot {
            id: product.into(),
            slug: product.into(),
            name: product.into(),
            product_gallery: vec![],
        },
        category: "Set".into(),
        color: "Ivory".into(),
        size: LineSize::chosen("M").unwrap(),
        quantity,
        price: Money::from_cents(1),
        created_at: at,
        updated_at: at,
    }
}

pub fn address() -> ShippingAddress {
    ShippingAddress {
        first_name: "Lan".into(),
        last_name: "Tran".into(),
        street: "68 Dong Khoi".into(),
        country: "Vietnam".into(),
        zip_code: "700000".into(),
        phone: "0901234567".into(),
        phone_code: "+84".into(),
        ..ShippingAddress::default()
    }
}

/// A Visa charge the provider just submitted for settlement.
pub fn visa_charge(id: String, amount: Money) -> Charge {
    Charge {
        id,
        status: "SUBMITTED_FOR_SETTLEMENT".into(),
        amount,
        method: PaymentMethodSummary::Card {
            card_type: "VISA".into(),
            last4: "1111".into(),
        },
        refunded: Money::ZERO,
    }
}

/// A clock that moves only when told (or slept on).
pub struct FakeClock(pub Mutex<Timestamp>);

impl FakeClock {
    pub fn at(now: Timestamp) -> Self {
        FakeClock(Mutex::new(now))
    }

    /// What it reads now (without the `Clock` trait in scope).
    pub fn now_for_tests(&self) -> Timestamp {
        *self.0.lock().unwrap()
    }

    pub fn pass(&self, seconds: u64) {
        let mut now = self.0.lock().unwrap();
        *now = Timestamp::at(now.instant() + Duration::from_secs(seconds));
    }
}

#[async_trait]
impl Clock for FakeClock {
    fn now(&self) -> Timestamp {
        *self.0.lock().unwrap()
    }
    async fn sleep(&self, duration: Duration) {
        let mut now = self.0.lock().unwrap();
        *now = Timestamp::at(now.instant() + duration);
    }
}

/// The checkout over a test's table, provider, clock and outbox (no tax).
pub fn checkout<'a>(
    table: &'a dyn Table,
    gateway: &'a dyn PaymentGateway,
    clock: &'a dyn Clock,
    mail: &'a Outgoing,
) -> Checkout<'a> {
    Checkout {
        table,
        gateway,
        clock,
        outbox: Outbox {
            table,
            mailer: mail,
            blobs: mail,
            site_url: "https://shop.example",
        },
        tax_basis_points: 0,
        budget: Budget::shop(),
    }
}
