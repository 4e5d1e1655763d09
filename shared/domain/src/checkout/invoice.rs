//! The invoice of an order and its confirmation email: pure text, escaped.

use std::fmt::Write as _;

use crate::cart::LineSize;
use crate::house;
use crate::order::Order;
use crate::ports::Email;
use crate::pricing::Money;

use super::ShippingAddress;

/// Where an order's invoice is kept in the blobs store (private: never
/// served publicly; the owner reads it through the orders API).
pub fn invoice_key(order: &Order) -> String {
    format!("invoices/{}/{}.html", order.user_id, order.id)
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
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

/// The invoice as a standalone HTML page.
pub fn invoice_html(order: &Order) -> String {
    let totals = order.totals();
    let mut rows = String::new();
    for item in &order.items {
        let cost = item.price.times(item.quantity).unwrap_or(item.price);
        let _ = write!(
            rows,
            "<tr><td>{name}<br><small>{category} · {color} · {size}</small></td>\
             <td class=n>{qty}</td><td class=n>{unit}</td><td class=n>{cost}</td></tr>",
            name = escape(&item.product.name),
            category = escape(&item.category),
            color = escape(&item.color),
            size = escape(match item.size {
                LineSize::Custom => "Custom",
                size => size.as_str(),
            }),
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
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>Invoice {id}</title>\
         <style>body{{font-family:Georgia,serif;max-width:720px;margin:2em auto;color:#111}}\
         table{{width:100%;border-collapse:collapse}}td,th{{padding:.4em;border-bottom:1px solid #ddd;text-align:left}}\
         .n{{text-align:right}}small{{color:#666}}</style></head><body>\
         <h1>{house}</h1><p>{street}<br>{city}, {country}<br>{phone} · {email}</p>\
         <h2>Invoice for order {id}</h2><p>Date: {date}<br>Payment: {paid_with}</p>\
         <h3>Ship to</h3><p>{ship_to}</p>\
         <table><tr><th>Item</th><th class=n>Qty</th><th class=n>Unit price</th><th class=n>Amount</th></tr>{rows}\
         <tr><td colspan=3>Subtotal</td><td class=n>{subtotal}</td></tr>\
         <tr><td colspan=3>Shipping (Express)</td><td class=n>{shipping}</td></tr>{tax}\
         <tr><th colspan=3>Total paid</th><th class=n>{total}</th></tr></table>\
         <p><small>Returns or exchanges within 20 days of delivery. Questions: {email}, {phone}, {hours}.</small></p>\
         </body></html>",
        id = escape(&order.id),
        house = house::NAME,
        street = house::STREET,
        city = house::CITY,
        country = house::COUNTRY,
        phone = house::PHONE,
        email = house::SUPPORT_EMAIL,
        hours = house::SUPPORT_HOURS,
        date = order.created_at.date(),
        subtotal = usd(totals.subtotal),
        shipping = usd(totals.shippingfee),
        total = usd(totals.total),
    )
}

/// The confirmation email: the order, its total, a link to the customer's
/// orders, and the invoice itself as the HTML part.
pub fn confirmation_email(order: &Order, to: &str, site_url: &str) -> Email {
    let total = usd(order.totals().total);
    let lines: String = order
        .items
        .iter()
        .map(|i| {
            format!(
                "- {} × {} ({}, {})\n",
                i.quantity, i.product.name, i.color, i.size
            )
        })
        .collect();
    let text = format!(
        "Thank you for your order.\n\nOrder {id}, total {total}, paid in full.\n\n{lines}\n\
         Your invoice is attached to this email as its HTML part, and your orders are at \
         {site_url}/me/orders.\nWe will confirm your order shortly; delivery takes 2 business days.\n\n\
         {house}\n{phone} · {email}\n",
        id = order.id,
        house = house::NAME,
        phone = house::PHONE,
        email = house::SUPPORT_EMAIL,
    );
    Email {
        to: to.to_string(),
        subject: format!(
            "{} — order {} confirmed, invoice inside",
            house::NAME,
            order.id
        ),
        text,
        html: Some(invoice_html(order)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
