//! The shop's API over real HTTP: one test binary, one module per resource,
//! one kit of helpers (`helpers`) they all share; and the local server's
//! rewrite of site paths on the site's own rules (`rewrites`).

mod addresses;
mod assets;
mod atelier_orders;
mod atelier_requests;
mod atelier_staff;
mod auth;
mod cart;
mod edge;
mod helpers;
mod house;
mod lambda_path;
mod lockout;
mod money;
mod orders;
mod payment;
mod races;
mod requests;
mod rewrites;
mod sessions;
mod users;
mod verification;
mod wishlist;
