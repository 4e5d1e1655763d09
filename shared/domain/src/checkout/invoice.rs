//! The invoice of an order and its confirmation email: pure text, escaped.

use crate::text::escape_html as escape;
use std::fmt::Write as _;

use crate::cart::LineSize;
use crate::house::House;
use crate::order::{Order, OrderItem};
use crate::ports::Email;
use crate::pricing::Money;

use super::ShippingAddress;

/// Where an order's invoice is kept in the blobs store (private: never
/// served publicly; the owner reads it through the orders API).
pub fn invoice_key(order: &Order) -> String {
    format!("invoices/{}/{}.html", order.user_id, order.id)
}

/// `$1,234.50`, as the site formats USD (en-US).
pub fn usd(money: Money) -> String {
    let dollars = (money.cents() / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in dollars.chars().enumerate() {
        if i > 0 && (dollars.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("${grouped}.{:02}", money.cents() % 100)
}

fn address_lines(address: &ShippingAddress) -> Vec<String> {
    let name = format!("{} {}", address.first_name, address.last_name);
    let place = [&address.city, &address.state, &address.zip_code]
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let phone = format!("{} {}", address.phone_code, address.phone);
    [
        name,
        address.street.clone(),
        place,
        address.country.clone(),
        phone,
    ]
    .into_iter()
    .map(|l| l.trim().to_string())
    .filter(|l| !l.is_empty())
    .collect()
}

/// What was chosen of an item, `Set · White · M`: its category, colour and
/// size, leaving out any it has not (a product without pieces has no
/// category), so no separator stands alone.
fn item_details(item: &OrderItem) -> String {
    let size = match &item.size {
        LineSize::Custom => "Custom",
        size => size.as_str(),
    };
    [item.category.as_str(), item.color.as_str(), size]
        .into_iter()
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Who issues the invoice: the house's name, address and contacts, escaped;
/// only what the house gives (the neutral house gives nothing).
fn issuer(house: &House) -> String {
    let place = [house.address.city.as_str(), house.address.country.as_str()]
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    let lines = [house.address.street.clone(), place, contacts(house, " · ")]
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| escape(&l))
        .collect::<Vec<_>>()
        .join("<br>");
    let name = match house.name.as_str() {
        "" => String::new(),
        name => format!("<h1>{}</h1>", escape(name)),
    };
    match lines.as_str() {
        "" => name,
        lines => format!("{name}<p>{lines}</p>"),
    }
}

/// The house's phone and email, those it gives, joined by `separator`.
fn contacts(house: &House, separator: &str) -> String {
    [house.phone.display.as_str(), house.emails.contact.as_str()]
        .into_iter()
        .filter(|c| !c.trim().is_empty())
        .collect::<Vec<_>>()
        .join(separator)
}

/// Where a shopper's questions go: " Questions: email, phone, hours."
fn questions(house: &House) -> String {
    let ways = [
        house.emails.contact.as_str(),
        house.phone.display.as_str(),
        house.hours.as_str(),
    ]
    .into_iter()
    .filter(|w| !w.trim().is_empty())
    .collect::<Vec<_>>();
    if ways.is_empty() {
        return String::new();
    }
    format!(" Questions: {}.", escape(&ways.join(", ")))
}

/// The house's return window, as its invoice states it; nothing for a
/// house that gives none.
fn returns(house: &House) -> String {
    house
        .policies
        .return_window()
        .map(|days| format!("Returns or exchanges within {days} of delivery."))
        .unwrap_or_default()
}

/// " Delivery takes 2 business days once it is confirmed." or nothing.
fn delivery(house: &House, sentence: impl Fn(&str) -> String) -> String {
    house
        .policies
        .delivery_time()
        .map(|days| sentence(&days))
        .unwrap_or_default()
}

/// The invoice as a standalone HTML page, issued by `house`.
pub fn invoice_html(order: &Order, house: &House) -> String {
    let totals = order.totals();
    let mut rows = String::new();
    for item in &order.items {
        let cost = item.price.times(item.quantity).unwrap_or(item.price);
        let _ = write!(
            rows,
            "<tr><td>{name}<br><small>{details}</small></td>\
             <td class=n>{qty}</td><td class=n>{unit}</td><td class=n>{cost}</td></tr>",
            name = escape(&item.product.name),
            details = escape(&item_details(item)),
            qty = item.quantity,
            unit = usd(item.price),
            cost = usd(cost),
        );
    }
    let ship_to = address_lines(&order.shipping_address)
        .iter()
        .map(|l| escape(l))
        .collect::<Vec<_>>()
        .join("<br>");
    let paid_with = escape(&order.payment.describe());
    let tax = if order.tax == Money::ZERO {
        String::new()
    } else {
        format!(
            "<tr><td colspan=3>Tax</td><td class=n>{}</td></tr>",
            usd(order.tax)
        )
    };
    format!(
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>Invoice {number}</title>\
         <style>body{{font-family:Georgia,serif;max-width:720px;margin:2em auto;color:#111}}\
         table{{width:100%;border-collapse:collapse}}td,th{{padding:.4em;border-bottom:1px solid #ddd;text-align:left}}\
         .n{{text-align:right}}small{{color:#666}}</style></head><body>\
         {issuer}\
         <h2>Invoice for order {number}</h2><p>Date: {date}<br>Payment: {paid_with}</p>\
         <h3>Ship to</h3><p>{ship_to}</p>\
         <table><tr><th>Item</th><th class=n>Qty</th><th class=n>Unit price</th><th class=n>Amount</th></tr>{rows}\
         <tr><td colspan=3>Subtotal</td><td class=n>{subtotal}</td></tr>\
         <tr><td colspan=3>Shipping (Express)</td><td class=n>{shipping}</td></tr>{tax}\
         <tr><th colspan=3>Total paid</th><th class=n>{total}</th></tr></table>\
         <p><small>{returns}{questions}</small></p>\
         </body></html>",
        number = order.number(),
        issuer = issuer(house),
        returns = returns(house),
        questions = questions(house),
        date = order.created_at.date(),
        subtotal = usd(totals.subtotal),
        shipping = usd(totals.shippingfee),
        total = usd(totals.total),
    )
}

/// The confirmation email, sent when the order is placed: it is received and
/// awaits the house's confirmation (as My Orders shows it), its total, a
/// link to the customer's orders, and the invoice itself as the HTML part.
pub fn confirmation_email(order: &Order, to: &str, site_url: &str, house: &House) -> Email {
    let total = usd(order.totals().total);
    let lines: String = order
        .items
        .iter()
        .map(|i| {
            format!(
                "- {} × {} ({})\n",
                i.quantity,
                i.product.name,
                item_details(i)
            )
        })
        .collect();
    let text =
        format!(
        "Thank you for your order.\n\nOrder {number}, total {total}, paid in full.\n\n{lines}\n\
         We have received your order and will confirm it shortly: until then My Orders shows it as \
         awaiting confirmation.{delivery}\n\
         Your invoice is attached to this email as its HTML part, and your orders are at \
         {site_url}/me/orders.\n\n{signature}",
        number = order.number(),
        delivery = delivery(house, |days| format!(" Delivery takes {days} once it is confirmed.")),
        signature = house.signature(),
    );
    Email {
        to: to.to_string(),
        subject: house.subject(&format!(
            "order {} received, awaiting confirmation (invoice attached)",
            order.number()
        )),
        text,
        html: Some(invoice_html(order, house)),
        attachments: Vec::new(),
    }
}

/// The email the operator's confirmation sends (`shopctl orders confirm`):
/// the house has confirmed the order and it is on its way.
pub fn order_confirmed_email(order: &Order, to: &str, site_url: &str, house: &House) -> Email {
    let text = format!(
        "Good news: we have confirmed your order {number}.\n\n\
         {delivery}When it arrives, please confirm delivery in My Orders: \
         {site_url}/me/orders.\n\n{signature}",
        number = order.number(),
        delivery = delivery(house, |days| format!(
            "It will be delivered within {days}. "
        )),
        signature = house.signature(),
    );
    Email {
        to: to.to_string(),
        subject: house.subject(&format!("order {} confirmed", order.number())),
        text,
        html: None,
        attachments: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ProductSnapshot;
    use crate::checkout::{Payment, ShippingAddress};
    use crate::order::OrderStatus;
    use crate::timestamp::Timestamp;

    fn house() -> House {
        House {
            name: "Atelier Opale".into(),
            address: crate::house::Address {
                street: "3 rue des Lilas".into(),
                city: "Lyon".into(),
                country: "France".into(),
            },
            phone: crate::house::Phone {
                display: "+33 4 00 00 00 00".into(),
                e164: "+33400000000".into(),
            },
            emails: crate::house::Emails {
                contact: "hello@opale.example".into(),
                press: String::new(),
            },
            hours: "Tuesday to Saturday 10:00-19:00".into(),
            wording: crate::house::Wording {
                greeting: "Welcome to Atelier Opale".into(),
                sign_off: "Atelier Opale".into(),
                signature: vec!["Atelier Opale".into(), "+33 4 00 00 00 00".into()],
            },
            policies: crate::house::Policies {
                delivery_business_days: Some(3),
                returns_days: Some(14),
            },
            ..House::neutral()
        }
    }

    #[test]
    fn the_house_issues_the_invoice_and_signs_the_emails() {
        let email = confirmation_email(
            &order("Set"),
            "a@example.com",
            "https://shop.example",
            &house(),
        );
        assert!(
            email.text.ends_with("Atelier Opale\n+33 4 00 00 00 00\n"),
            "{}",
            email.text
        );
        let invoice = email.html.unwrap();
        assert!(invoice.contains("<h1>Atelier Opale</h1><p>3 rue des Lilas<br>Lyon, France<br>+33 4 00 00 00 00 · hello@opale.example</p>"), "{invoice}");
        assert!(invoice.contains("<small>Returns or exchanges within 14 days of delivery. Questions: hello@opale.example, +33 4 00 00 00 00, Tuesday to Saturday 10:00-19:00."), "{invoice}");
        assert!(
            email.text.contains(
                "awaiting confirmation. Delivery takes 3 business days once it is confirmed.\n"
            ),
            "{}",
            email.text
        );
        let confirmed = order_confirmed_email(
            &order("Set"),
            "a@example.com",
            "https://shop.example",
            &house(),
        );
        assert!(
            confirmed
                .text
                .contains("It will be delivered within 3 business days. When it arrives"),
            "{}",
            confirmed.text
        );
    }

    #[test]
    fn without_a_house_the_emails_name_no_one() {
        let neutral = House::neutral();
        let email = confirmation_email(
            &order("Set"),
            "a@example.com",
            "https://shop.example",
            &neutral,
        );
        assert_eq!(
            email.subject,
            "Order #SQBB-KJT7 received, awaiting confirmation (invoice attached)"
        );
        let invoice = email.html.unwrap();
        assert!(!invoice.contains("<h1>"), "{invoice}");
        // A house that states no policy is not made to promise one.
        assert!(!invoice.contains("Returns"), "{invoice}");
        assert!(!email.text.contains("business day"), "{}", email.text);
        let confirmed = order_confirmed_email(
            &order("Set"),
            "a@example.com",
            "https://shop.example",
            &neutral,
        );
        assert_eq!(confirmed.subject, "Order #SQBB-KJT7 confirmed");
        assert!(
            confirmed
                .text
                .contains("#SQBB-KJT7.\n\nWhen it arrives, please confirm delivery"),
            "{}",
            confirmed.text
        );
    }

    fn order(category: &str) -> Order {
        let at = Timestamp::parse("2026-12-02T00:00:00Z").unwrap();
        let price = Money::from_cents(120_000);
        Order {
            id: "01M8SN4FPRF380D4E7SQBBKJT7".into(),
            user_id: "u1".into(),
            status: OrderStatus::AwaitingConfirmation,
            created_at: at,
            updated_at: at,
            subtotal: price,
            shippingfee: Money::ZERO,
            tax: Money::ZERO,
            items: vec![OrderItem {
                product: ProductSnapshot {
                    id: "p".into(),
                    slug: "s".into(),
                    name: "Silk Gown".into(),
                    product_gallery: vec![],
                },
                category: category.into(),
                color: "White".into(),
                size: LineSize::chosen("M").unwrap(),
                quantity: 1,
                price,
            }],
            shipping_address: ShippingAddress::default(),
            payment: Payment::test_card(price),
            shipment: None,
            refunds: Vec::new(),
            refund_version: 0,
            refunded_at: None,
        }
    }

    #[test]
    fn the_email_and_invoice_name_the_order_by_its_number() {
        let email = confirmation_email(
            &order("Set"),
            "a@example.com",
            "https://shop.example",
            &house(),
        );
        assert_eq!(
            email.subject,
            "Atelier Opale — order #SQBB-KJT7 received, awaiting confirmation (invoice attached)"
        );
        assert!(
            email.text.contains("Order #SQBB-KJT7, total $1,200.00"),
            "{}",
            email.text
        );
        let invoice = email.html.unwrap();
        assert!(
            invoice.contains("<title>Invoice #SQBB-KJT7</title>"),
            "{invoice}"
        );
        assert!(
            invoice.contains("Invoice for order #SQBB-KJT7"),
            "{invoice}"
        );
        assert!(
            !invoice.contains("01M8SN4FPRF380D4E7"),
            "no full id: {invoice}"
        );
    }

    #[test]
    fn the_email_says_what_my_orders_shows_received_and_awaiting_confirmation() {
        let email = confirmation_email(
            &order("Set"),
            "a@example.com",
            "https://shop.example",
            &house(),
        );
        assert!(!email.subject.contains("confirmed"), "{}", email.subject);
        assert!(email
            .text
            .contains("We have received your order and will confirm it shortly"));
        assert!(email.text.contains("awaiting confirmation"));
        let confirmed = order_confirmed_email(
            &order("Set"),
            "a@example.com",
            "https://shop.example",
            &house(),
        );
        assert_eq!(
            confirmed.subject,
            "Atelier Opale — order #SQBB-KJT7 confirmed"
        );
        assert!(confirmed
            .text
            .contains("we have confirmed your order #SQBB-KJT7"));
    }

    #[test]
    fn an_item_without_a_category_starts_with_its_colour() {
        let invoice = invoice_html(&order(""), &house());
        assert!(invoice.contains("<small>White · M</small>"), "{invoice}");
        let email = confirmation_email(
            &order(""),
            "a@example.com",
            "https://shop.example",
            &house(),
        );
        assert!(
            email.text.contains("- 1 × Silk Gown (White · M)"),
            "{}",
            email.text
        );
        assert!(invoice_html(&order("Set"), &house()).contains("<small>Set · White · M</small>"));
    }

    #[test]
    fn usd_is_en_us() {
        assert_eq!(usd(Money::from_cents(0)), "$0.00");
        assert_eq!(usd(Money::from_cents(5_690)), "$56.90");
        assert_eq!(usd(Money::from_cents(123_456_789)), "$1,234,567.89");
    }

    #[test]
    fn markup_in_names_is_escaped() {
        assert_eq!(
            escape("<b>\"x\" & 'y'</b>"),
            "&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;"
        );
    }
}
