//! The house, as emails and invoices name it: the same details as the site's
//! `site/src/config/house.ts`, so a shopper meets one name and one set of
//! contact details everywhere.

pub const NAME: &str = "Maison Lan Anh";
pub const STREET: &str = "68 Đồng Khởi, Bến Nghé Ward, District 1";
pub const CITY: &str = "Ho Chi Minh City";
pub const COUNTRY: &str = "Vietnam";
pub const PHONE: &str = "+84 28 3822 6868";
pub const SUPPORT_EMAIL: &str = "support@maisonlananh.vn";
pub const SUPPORT_HOURS: &str = "Daily 10:00-20:00 (GMT+7)";
