//! The shop's API over real HTTP: one test binary, one module per resource,
//! one kit of helpers (`helpers`) they all share.

mod addresses;
mod auth;
mod cart;
mod helpers;
mod orders;
mod requests;
mod users;
mod wishlist;
