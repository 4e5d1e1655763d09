//! The house, as emails and invoices name it. The site takes the same
//! address, phone, email and hours from here (`messages::shown_by_the_site`,
//! `shared/messages.json`), so a shopper meets one set of contact details
//! everywhere.

pub const NAME: &str = "Maison Lan Anh";
pub const STREET: &str = "68 Đồng Khởi, Bến Nghé Ward, District 1";
pub const CITY: &str = "Ho Chi Minh City";
pub const COUNTRY: &str = "Vietnam";
pub const PHONE: &str = "+84 28 3822 6868";
pub const SUPPORT_EMAIL: &str = "support@maisonlananh.vn";
pub const SUPPORT_HOURS: &str = "Daily 10:00-20:00 (GMT+7)";
