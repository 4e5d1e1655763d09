//! What the API answers about a profile (`GET /api/auth/me`, profile edits):
//! the stored profile without its times, with the display name.

use serde::Serialize;

use super::birthday::Birthday;
use super::title::Title;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[derive(utoipa::ToSchema)]
pub struct ProfileView {
    pub id: String,
    pub email: String,
    pub name: String,
    pub firstname: String,
    pub lastname: String,
    pub title: Option<Title>,
    pub birthday: Option<Birthday>,
}
