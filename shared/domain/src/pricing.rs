//! Money and the shipping fee.
//!
//! Amounts are integer cents inside the shop, so sums never drift; they
//! cross the wire and the table as decimal dollars (`56.9`), the shape the
//! site and the catalogue use, and are rounded to the cent when read back.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An amount of US dollars, in cents. Never negative: it is made only from
/// unsigned cents, a checked decimal or checked sums, never from a signed number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[derive(utoipa::ToSchema)]
#[schema(value_type = f64, description = "US dollars as a decimal number: 800.0, 56.9.", example = 56.9)]
pub struct Money(i64);

/// The largest amount the shop handles (ten million dollars): far above any
/// order, far below where cents stop being exact in an `f64`.
pub const MAX_MONEY: Money = Money(1_000_000_000);

/// Express delivery, the only method, when the subtotal is under [`FREE_SHIPPING_FROM`].
pub const EXPRESS_FEE: Money = Money(5_690);

/// From this subtotal on, Express delivery is free.
pub const FREE_SHIPPING_FROM: Money = Money(227_602);

impl Money {
    pub const ZERO: Money = Money(0);

    /// Whole cents: unsigned, so a negative amount cannot be made.
    pub const fn from_cents(cents: u32) -> Self {
        Money(cents as i64)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    /// The providers' decimal form: `1234` cents → `"12.34"`.
    pub fn to_decimal(self) -> String {
        self.to_string()
    }

    /// A non-negative decimal with at most two fraction digits (`"12"`,
    /// `"12.3"`, `"12.34"`), as the providers answer amounts; else `None`.
    pub fn parse_decimal(text: &str) -> Option<Money> {
        hundredths(text)
            .filter(|cents| *cents <= MAX_MONEY.0)
            .map(Money)
    }

    /// The tax on this amount at `basis_points` (825 is 8.25%), to the
    /// nearest cent (half a cent up), in integers.
    pub fn tax(self, basis_points: u32) -> Money {
        Money((self.0 * i64::from(basis_points) + 5_000) / 10_000)
    }

    pub fn is_zero(&self) -> bool {
        self.0 == 0
    }

    /// A JSON number of dollars, read as the decimal it was written as (its
    /// shortest form: `56.9` is "56.9"), never rounded: `None` unless it is
    /// dollars and cents from 0 to [`MAX_MONEY`] (`0.1 + 0.2`, `-1`, NaN and
    /// `19.999` are refused, not turned into some other amount).
    pub fn from_dollars(dollars: f64) -> Option<Self> {
        Self::parse_decimal(&dollars.to_string())
    }

    pub fn dollars(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// `None` past [`MAX_MONEY`].
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0
            .checked_add(other.0)
            .filter(|c| *c <= MAX_MONEY.0)
            .map(Money)
    }

    /// What is left of this amount once `other` is taken: `None` below zero
    /// (money is never negative).
    pub fn checked_sub(self, other: Money) -> Option<Money> {
        self.0.checked_sub(other.0).filter(|c| *c >= 0).map(Money)
    }

    /// The cost of `quantity` units; `None` past [`MAX_MONEY`].
    pub fn times(self, quantity: u32) -> Option<Money> {
        self.0
            .checked_mul(i64::from(quantity))
            .filter(|c| *c <= MAX_MONEY.0)
            .map(Money)
    }
}

impl fmt::Display for Money {
    /// `1234.50`: plain dollars and cents, for logs, emails and the CLI.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.dollars())
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let dollars = f64::deserialize(deserializer)?;
        Money::from_dollars(dollars).ok_or_else(|| {
            serde::de::Error::custom(
                "an amount of money must be dollars and cents between 0 and 10,000,000",
            )
        })
    }
}

/// A non-negative decimal with at most two fraction digits, in hundredths
/// (`"12.3"` is 1230): exactly, without floats. Money and percentages are
/// both read by it, so a rate refuses what an amount refuses.
fn hundredths(text: &str) -> Option<i64> {
    let text = text.trim();
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() || !digits(int) || frac.len() > 2 || !digits(frac) {
        return None;
    }
    let whole: i64 = int.parse().ok()?;
    let frac: i64 = format!("{frac:0<2}").parse().ok()?;
    whole.checked_mul(100)?.checked_add(frac)
}

/// A percentage from 0 to 100 with at most two fraction digits (`"8.25"`),
/// in basis points (825): how `TAX_RATE` and a page's `taxRate` are read.
pub fn percent_basis_points(text: &str) -> Option<u32> {
    hundredths(text)
        .filter(|points| *points <= 10_000)
        .and_then(|points| u32::try_from(points).ok())
}

/// The Express shipping fee for a subtotal before shipping.
pub fn shipping_fee(subtotal: Money) -> Money {
    if subtotal < FREE_SHIPPING_FROM {
        EXPRESS_FEE
    } else {
        Money::ZERO
    }
}

/// What an order costs: subtotal, shipping, tax, and their sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub subtotal: Money,
    pub shippingfee: Money,
    pub tax: Money,
    pub total: Money,
}

impl Totals {
    /// The totals of a subtotal at a tax rate in basis points (tax on the
    /// subtotal, not on shipping); `None` past [`MAX_MONEY`].
    pub fn of(subtotal: Money, tax_basis_points: u32) -> Option<Totals> {
        let shippingfee = shipping_fee(subtotal);
        let tax = subtotal.tax(tax_basis_points);
        Some(Totals {
            subtotal,
            shippingfee,
            tax,
            total: subtotal.checked_add(shippingfee)?.checked_add(tax)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_round_trips_as_the_providers_decimals() {
        assert_eq!(Money(0).to_decimal(), "0.00");
        assert_eq!(Money(5).to_decimal(), "0.05");
        assert_eq!(Money(227_602).to_decimal(), "2276.02");
        assert_eq!(Money::parse_decimal("2276.02"), Some(Money(227_602)));
        assert_eq!(Money::parse_decimal("10"), Some(Money(1000)));
        assert_eq!(Money::parse_decimal("10.5"), Some(Money(1050)));
        assert_eq!(Money::parse_decimal("10.005"), None);
        assert_eq!(Money::parse_decimal("-1.00"), None);
        assert_eq!(Money::parse_decimal("1e3"), None);
        assert_eq!(Money::parse_decimal(""), None);
        assert_eq!(Money::parse_decimal(".50"), None);
    }

    #[test]
    fn express_fee_applies_strictly_under_the_threshold() {
        assert_eq!(
            shipping_fee(Money::from_cents(227_601)),
            Money::from_cents(5_690)
        );
        assert_eq!(shipping_fee(Money::from_cents(227_602)), Money::ZERO);
        assert_eq!(shipping_fee(Money::from_cents(500_000)), Money::ZERO);
        assert_eq!(shipping_fee(Money::ZERO), EXPRESS_FEE);
    }

    #[test]
    fn totals_add_the_fee_and_the_tax() {
        let t = Totals::of(Money::from_cents(100_000), 0).unwrap();
        assert_eq!(t.total, Money::from_cents(105_690));
        let t = Totals::of(Money::from_cents(227_602), 0).unwrap();
        assert_eq!(t.total, Money::from_cents(227_602));
        let t = Totals::of(Money::from_cents(10_000), 825).unwrap();
        assert_eq!(t.tax, Money::from_cents(825));
        assert_eq!(t.total, Money::from_cents(10_000 + 5_690 + 825));
        assert_eq!(Totals::of(MAX_MONEY, 1), None);
    }

    #[test]
    fn tax_is_rounded_to_the_nearest_cent_in_integers() {
        assert_eq!(Money::from_cents(1_000).tax(825), Money::from_cents(83));
        assert_eq!(
            Money::from_cents(200).tax(25),
            Money::from_cents(1),
            "half up"
        );
        assert_eq!(Money::from_cents(199).tax(25), Money::ZERO);
        assert_eq!(MAX_MONEY.tax(10_000), MAX_MONEY);
    }

    #[test]
    fn percentages_are_read_as_exact_decimals() {
        assert_eq!(percent_basis_points("8.25"), Some(825));
        assert_eq!(percent_basis_points(" 8 "), Some(800));
        assert_eq!(percent_basis_points("0"), Some(0));
        assert_eq!(percent_basis_points("100"), Some(10_000));
        assert_eq!(percent_basis_points("100.01"), None);
        assert_eq!(percent_basis_points("8.255"), None, "not rounded to 8.26");
        assert_eq!(percent_basis_points("-1"), None);
        assert_eq!(percent_basis_points("1e1"), None);
        assert_eq!(percent_basis_points("NaN"), None);
        assert_eq!(percent_basis_points(""), None);
    }

    #[test]
    fn dollars_are_read_as_written_and_never_rounded() {
        assert_eq!(Money::from_dollars(56.9), Some(Money::from_cents(5_690)));
        assert_eq!(Money::from_dollars(12.0), Some(Money::from_cents(1_200)));
        assert_eq!(Money::from_dollars(0.07), Some(Money::from_cents(7)));
        assert_eq!(Money::from_dollars(0.1 + 0.2), None, "not a cent amount");
        assert_eq!(Money::from_dollars(19.999), None, "no rounding");
        assert_eq!(Money::from_dollars(f64::INFINITY), None);
        assert_eq!(Money::from_dollars(1e21), None);
        assert_eq!(
            Money::from_dollars(2276.02),
            Some(Money::from_cents(227_602))
        );
        assert_eq!(Money::from_dollars(-1.0), None);
        assert_eq!(Money::from_dollars(f64::NAN), None);
        assert_eq!(Money::from_dollars(1e300), None);
    }

    #[test]
    fn arithmetic_is_checked() {
        assert_eq!(
            Money::from_cents(1_999).times(3),
            Some(Money::from_cents(5_997))
        );
        assert_eq!(MAX_MONEY.times(2), None);
        assert_eq!(MAX_MONEY.checked_add(Money::from_cents(1)), None);
    }

    #[test]
    fn serialises_as_dollars() {
        assert_eq!(
            serde_json::to_string(&Money::from_cents(5_690)).unwrap(),
            "56.9"
        );
        assert_eq!(
            serde_json::from_str::<Money>("2276.02").unwrap(),
            Money::from_cents(227_602)
        );
        assert_eq!(
            serde_json::from_str::<Money>("12").unwrap(),
            Money::from_cents(1_200)
        );
        assert!(serde_json::from_str::<Money>("\"12\"").is_err());
        assert_eq!(Money::from_cents(123_405).to_string(), "1234.05");
    }
}
