//! The table of operations: every route of every function, what it takes
//! and every status it answers. A route a function adds belongs here too; the
//! tests check every prefix of `shared/routes.json` has its routes.

use std::collections::BTreeMap;

use atelier::audit;
use atelier::requests::{self as atelier_requests, RequestAssignInput, RequestStatusInput};
use atelier::staff::{self, enrolment, roster, sign_in};
use atelier::{orders as atelier_orders, payments as atelier_payments};
use auth::routes::{login, password, register, session, verify};
use catalog_answers::live;
use domain::accounts::forms::{
    ChangePasswordForm, ForgotForm, LoginForm, ProfileForm, RegistrationForm, ResetForm,
    VerifyEmailForm, VerifyLinkForm,
};
use domain::address::AddressInput;
use domain::answers::PaymentConflict;
use domain::atelier::answers::{CeremonyFinish, EnrolmentRequest};
use domain::atelier::NewInvitation;
use domain::cart::{AddToCart, SetQuantity};
use domain::checkout::{CardCheckout, PayPalCapture, PayPalCreate};
use domain::requests::{AppointmentInput, ReplyInput, RequestInput};
use domain::wishlist::AddToWishlist;
use utoipa::ToSchema;

use crate::shapes::Error;
use crate::signatures::{Answers, Handler};
use crate::{Body, Method, Operation, Shape};

/// Every operation of the API, grouped by function.
pub fn operations() -> Vec<Operation> {
    use Method::{Delete, Get, Patch, Post};
    let catalog = |method, path, summary| op("catalog", method, path, summary).revalidated();
    let auth = |method, path, summary| op("auth", method, path, summary);
    vec![
        // Catalogue: read-only, active content only.
        catalog(Get, "/api/menus", "The active menus, in order.").answers(live::menus),
        catalog(Get, "/api/categories", "The active categories.").answers(live::categories),
        catalog(Get, "/api/categories/{id}", "One active category.")
            .answers(live::category)
            .fails(&[404]),
        catalog(Get, "/api/products", "The active products.").answers(live::products),
        catalog(Get, "/api/products/search", "Active products whose name, category or collection matches `q` (accents and case ignored); empty for an empty `q`.")
            .query("q", "The words to look for (at most 100 characters).")
            .answers(live::search)
            .fails(&[400]),
        catalog(Get, "/api/products/by-collection", "The active products of the collection named `name`.")
            .query("name", "The collection's name.")
            .answers(live::by_collection)
            .fails(&[400]),
        catalog(Get, "/api/products/{id}", "One active product.")
            .answers(live::product)
            .fails(&[404]),
        catalog(Get, "/api/collections", "The active collections.").answers(live::collections),
        catalog(Get, "/api/collections/{id}", "One active collection with its active products.")
            .answers(live::collection)
            .fails(&[404]),
        catalog(Get, "/api/runways", "The active runway shows.").answers(live::runways),
        catalog(Get, "/api/runways/featured", "The featured runway show.")
            .answers(live::featured_runway)
            .fails(&[404]),
        catalog(Get, "/api/runways/{id}", "One active runway show.")
            .answers(live::runway)
            .fails(&[404]),
        catalog(Get, "/api/banners", "The active banners, in order.").answers(live::banners),
        catalog(Get, "/api/news", "The active news, newest first.").answers(live::news_list),
        catalog(Get, "/api/news/{id}", "One active news article.")
            .answers(live::news)
            .fails(&[404]),
        catalog(Get, "/api/house", "The house: its name, logo, contacts, social links, hours and email wording (404 before the catalogue gives one).")
            .answers(live::house)
            .fails(&[404]),
        catalog(Get, "/api/pages", "The house's active pages (id, title, description), in the site's order.")
            .answers(live::pages),
        catalog(Get, "/api/pages/{id}", "One active page of the house, with its body as sanitised HTML.")
            .answers(live::page)
            .fails(&[404]),
        // Accounts and sessions.
        auth(Post, "/api/auth/register", "Creates an account (the shopper then signs in).")
            .body::<RegistrationForm>()
            .answers(register::register)
            .fails(&[409, 429]),
        auth(Post, "/api/auth/login", "Signs in with a password: sets the session cookies.")
            .body::<LoginForm>()
            .answers(login::login)
            .fails(&[401, 429]),
        auth(Post, "/api/auth/refresh", "Rotates the refresh cookie and issues a new access cookie; 401 clears both.")
            .answers(session::refresh)
            .fails(&[401]),
        auth(Post, "/api/auth/logout", "Ends the session and clears the cookies.")
            .answers(session::logout),
        auth(Get, "/api/auth/facebook/logout", "After a Facebook sign-in, logout's redirect: on to Facebook's logout page with the token logout kept in an httpOnly cookie (home without one).")
            .redirect_to("To Facebook's logout page, or home"),
        auth(Get, "/api/auth/me", "The signed-in shopper's profile, while the session is live.")
            .answers(session::me)
            .fails(&[401]),
        auth(Post, "/api/auth/forgot-password", "Mails a reset link when the address has an account (the answer is the same either way).")
            .body::<ForgotForm>()
            .answers(password::forgot)
            .fails(&[429]),
        auth(Post, "/api/auth/reset-password", "Sets a new password with a reset link's token; ends every session.")
            .body::<ResetForm>()
            .answers(password::reset)
            .fails(&[429]),
        auth(Post, "/api/auth/verify-email/preview", "Says what the welcome email's link would do from this browser (verified already, confirm, or claim with a new password); changes nothing.")
            .body::<VerifyLinkForm>()
            .answers(verify::preview)
            .fails(&[429]),
        auth(Post, "/api/auth/verify-email", "Follows the welcome email's link: confirms the address from a browser the account trusts; from any other, the address's owner claims the account with the password they choose, and is signed in.")
            .body::<VerifyEmailForm>()
            .answers(verify::verify)
            .fails(&[409, 429]),
        auth(Post, "/api/auth/change-password", "Changes the signed-in shopper's password; ends their other sessions.")
            .session()
            .body::<ChangePasswordForm>()
            .answers(password::change)
            .fails(&[429]),
        auth(Get, "/api/auth/google", "Starts a Google sign-in (opened in a popup).").redirect(),
        auth(Get, "/api/auth/google/callback", "Google's return: a page that tells the opener who signed in.")
            .query("code", "The authorisation code.")
            .query("state", "The flow's state.")
            .query("error", "Set when the shopper canceled.")
            .page(),
        auth(Get, "/api/auth/facebook", "Starts a Facebook sign-in (opened in a popup).").redirect(),
        auth(Get, "/api/auth/facebook/callback", "Facebook's return: a page that tells the opener who signed in.")
            .query("code", "The authorisation code.")
            .query("state", "The flow's state.")
            .query("error", "Set when the shopper canceled.")
            .page(),
        op("users", Patch, "/api/users/edit/profile/{id}", "Edits the signed-in shopper's own profile.")
            .session()
            .body::<ProfileForm>()
            .answers(users::edit_profile)
            .fails(&[403, 404]),
        // The bag.
        op("cart", Get, "/api/cart", "The bag: lines in the order added, each priced from the catalogue as it is now (`available` false once its product is withdrawn), and the quote of the available ones: the one price the site shows and sends back.")
            .session()
            .answers(cart::bag),
        op("cart", Post, "/api/cart/add", "Adds a product to the bag, or more of a line already there.")
            .session()
            .body::<AddToCart>()
            .answers(cart::add)
            .fails(&[404]),
        op("cart", Patch, "/api/cart/{id}", "Sets a line's quantity.")
            .session()
            .body::<SetQuantity>()
            .answers(cart::set_quantity)
            .fails(&[404]),
        op("cart", Delete, "/api/cart/remove/{id}", "Removes a line.")
            .session()
            .answers(cart::remove)
            .fails(&[404]),
        // The wishlist.
        op("wishlist", Get, "/api/wishlist", "The wishlist, newest first, and its product ids.")
            .session()
            .answers(wishlist::entries),
        op("wishlist", Post, "/api/wishlist/add", "Saves a product (saving it twice keeps one entry).")
            .session()
            .body::<AddToWishlist>()
            .answers(wishlist::add)
            .fails(&[404]),
        op("wishlist", Delete, "/api/wishlist/remove/{id}", "Takes a product off the wishlist.")
            .session()
            .answers(wishlist::remove)
            .fails(&[404]),
        // Addresses.
        op("addresses", Get, "/api/addresses", "The saved addresses, default first.")
            .session()
            .answers(addresses::addresses),
        op("addresses", Post, "/api/addresses", "Saves an address (the first becomes the default).")
            .session()
            .body::<AddressInput>()
            .answers(addresses::create),
        op("addresses", Get, "/api/addresses/{id}", "One saved address.")
            .session()
            .answers(addresses::address)
            .fails(&[404]),
        op("addresses", Patch, "/api/addresses/{id}", "Changes an address; fields left out keep their values.")
            .session()
            .body::<AddressInput>()
            .answers(addresses::update)
            .fails(&[404]),
        op("addresses", Delete, "/api/addresses/remove/{id}", "Removes an address.")
            .session()
            .answers(addresses::remove)
            .fails(&[404]),
        // Orders.
        op("orders", Get, "/api/orders/me", "The shopper's orders, newest first, each with its total.")
            .session()
            .answers(orders::my_orders),
        op("orders", Post, "/api/orders/customer-confirm-fe/{id}", "The shopper confirms receipt of a confirmed order (a POST: it changes state); 404 for an order not theirs, 409 for one in another state.")
            .session()
            .answers(orders::confirm_delivery)
            .fails(&[404, 409]),
        // Payment.
        op("payment", Get, "/api/payment/client-token", "A client token for the payment SDK, for the signed-in shopper.")
            .session()
            .answers(payment::client_token)
            .fails(&[503]),
        op("payment", Post, "/api/payment/checkout", "Charges the card nonce the bag's quote, priced from the catalogue as it is now, and places the order. The client's amount, shippingfee and taxRate are what its page showed: another quote is answered 409 with the current one, before any charge. A replayed nonce or idempotency key answers the same order; a payment whose provider answer was lost answers 202 and is settled by the reconciler.")
            .session()
            .body::<CardCheckout>()
            .answers(payment::card_checkout)
            .status::<PaymentConflict>(409, "The quote changed (`code` quote_changed, with the new quote), a product was withdrawn (`product_unavailable`), or the payment was given back")
            .fails(&[422, 503]),
        op("payment", Get, "/api/payment/status/{id}", "What became of the shopper's payment a 202 named: placed (with its order), still being confirmed, or failed (not charged, or given back). Another shopper's payment reads as failed.")
            .session()
            .answers(payment::payment_status)
            .fails(&[404]),
        op("payment", Post, "/api/payment/paypal/create-order", "Opens a PayPal order for the bag at the quote the page showed (409 with the current quote otherwise). At most 30 per shopper an hour; one never captured is forgotten after the approval window.")
            .session()
            .body::<PayPalCreate>()
            .answers(payment::paypal_create_order)
            .status::<PaymentConflict>(409, "The quote changed, or a product was withdrawn")
            .fails(&[429, 503]),
        op("payment", Post, "/api/payment/paypal/capture-order", "Captures the shopper's approved PayPal order once and places the order (status `pending` while PayPal completes a capture it holds for review); a replay answers the same order; a lost answer answers 202.")
            .session()
            .body::<PayPalCapture>()
            .answers(payment::paypal_capture_order)
            .fails(&[404, 409, 422, 503]),
        // Made-to-order and appointment requests.
        op("requests", Get, "/api/made-to-order", "The shopper's made-to-order requests, newest first.")
            .session()
            .answers(requests::mine),
        op("requests", Post, "/api/made-to-order", "Sends a made-to-order request (signed in or not) Limited per client address, per recipient and shop-wide.")
            .body::<RequestInput>()
            .answers(requests::submit)
            .fails(&[429]),
        op("requests", Get, "/api/appointments", "The shopper's appointment requests, newest first.")
            .session()
            .answers(requests::mine),
        op("requests", Post, "/api/appointments", "Books an appointment (signed in or not) Limited per client address, per recipient and shop-wide.")
            .body::<RequestInput>()
            .answers(requests::submit)
            .fails(&[429]),
        // The atelier console: the house's staff, signed in with passkeys.
        op("atelier", Post, "/api/atelier/enrolment/begin", "Begins the passkey enrolment an invitation's link opens: the options for navigator.credentials.create (a discoverable credential) and the ceremony's id (5 minutes). 410 for a link unknown, used or expired.")
            .body::<EnrolmentRequest>()
            .answers(enrolment::begin)
            .fails(&[410]),
        op("atelier", Post, "/api/atelier/enrolment/finish", "Finishes the enrolment: uses the invitation up (once, whatever the number of finishes), puts the member on the roster with the new passkey (their old passkeys and sessions gone) and sets the console's cookie. 400 for a ceremony over or a credential refused, 410 for an invitation used meanwhile, 409 if it would leave the house without an owner.")
            .body::<CeremonyFinish>()
            .answers(enrolment::finish)
            .fails(&[409, 410]),
        op("atelier", Post, "/api/atelier/sign-in/begin", "Begins a passkey sign-in (discoverable: no email asked): the options for navigator.credentials.get and the ceremony's id (5 minutes).")
            .answers(sign_in::begin),
        op("atelier", Post, "/api/atelier/sign-in/finish", "Finishes the sign-in: sets the console's cookie. 400 for a ceremony over or a credential that does not read, 401 for a passkey not a member's or that does not verify.")
            .body::<CeremonyFinish>()
            .answers(sign_in::finish)
            .fails(&[401]),
        op("atelier", Post, "/api/atelier/sign-out", "Ends the console session and clears its cookie.")
            .console()
            .answers(sign_in::sign_out),
        op("atelier", Get, "/api/atelier/me", "The signed-in staff member.")
            .console()
            .answers(staff::me),
        // The atelier's orders (each move answers the order's page anew).
        op("atelier", Get, "/api/atelier/orders", "The queue: counts per status and the orders newest first; `q` matches the number, the client's email or name, `from`/`to` the dates of placing.")
            .console()
            .query("status", "pending, awaiting_confirmation, confirmed, delivered or canceled.")
            .query("q", "A number (`#SQBB-KJT7`, with or without `#`), an email or a name, or part of one.")
            .query("from", "Placed on or after this day, YYYY-MM-DD.")
            .query("to", "Placed on or before this day, YYYY-MM-DD.")
            .answers(atelier_orders::queue)
            .fields(),
        op("atelier", Get, "/api/atelier/orders/{id}", "An order's page: lines, totals, address, payment, the provider's ledger now, the shipment, the timeline and what this staff member may do.")
            .console()
            .answers(atelier_orders::detail)
            .fails(&[404]),
        op("atelier", Post, "/api/atelier/orders/{id}/confirm", "awaiting_confirmation → confirmed; the client is emailed.")
            .console()
            .body::<atelier_orders::NoFields>()
            .answers(atelier_orders::confirm)
            .fails(&[404, 409]),
        op("atelier", Post, "/api/atelier/orders/{id}/ship", "A confirmed order's carrier, tracking number and https tracking link; it stays confirmed, the client is emailed the link and My Orders shows it.")
            .console()
            .body::<domain::order::ShipmentForm>()
            .answers(atelier_orders::ship)
            .fails(&[404, 409])
            .fields(),
        op("atelier", Post, "/api/atelier/orders/{id}/deliver", "confirmed → delivered.")
            .console()
            .body::<atelier_orders::NoFields>()
            .answers(atelier_orders::deliver)
            .fails(&[404, 409]),
        op("atelier", Post, "/api/atelier/orders/{id}/cancel", "The owner cancels: the whole payment given back once, then canceled.")
            .owner()
            .body::<atelier_orders::CancelForm>()
            .answers(atelier_orders::cancel)
            .fails(&[404, 409])
            .fields()
            .provider(),
        op("atelier", Post, "/api/atelier/orders/{id}/refunds", "The owner gives part of the payment back (an amount or lines, with a reason): once, one at a time, never above what is left.")
            .owner()
            .body::<domain::order::RefundForm>()
            .answers(atelier_orders::refund)
            .fails(&[404, 409])
            .fields()
            .provider(),
        op("atelier", Post, "/api/atelier/orders/{id}/resend-confirmation", "Sends again the order's emails that failed (with none failed, its confirmation); each sending is on the timeline.")
            .console()
            .body::<atelier_orders::NoFields>()
            .answers(atelier_orders::resend)
            .fails(&[404])
            .status::<Error>(502, "An email could not be sent (the timeline says why)"),
        op("atelier", Post, "/api/atelier/orders/{id}/notes", "A staff-only note on the order's timeline.")
            .console()
            .body::<atelier_orders::NoteForm>()
            .answers(atelier_orders::note)
            .fails(&[404])
            .fields(),
        op("atelier", Get, "/api/atelier/payments/attention", "Payments needing attention: being confirmed, unknown, pending at PayPal, refunds unknown; with what the reconciler found.")
            .console()
            .answers(atelier_payments::attention),
        // The atelier console: clients' requests (any staff member).
        op("atelier", Get, "/api/atelier/requests", "The requests inbox: counts by status, and the made-to-order requests and appointment bookings the filter selects, newest first.")
            .console()
            .query("status", "Only this status: new, contacted, scheduled or closed.")
            .query("kind", "Only this kind: made_to_order or appointment.")
            .query("assignee", "Only those given to this staff member (an id), or `none`: to no one.")
            .answers(atelier_requests::list),
        op("atelier", Get, "/api/atelier/requests/{id}", "One request: what the client sent (measurements as given), the replies, the appointment and the timeline.")
            .console()
            .answers(atelier_requests::detail)
            .fails(&[404]),
        op("atelier", Post, "/api/atelier/requests/{id}/status", "Moves the request one step on (new, contacted, scheduled, closed) or closes it; never back (409).")
            .console()
            .body::<RequestStatusInput>()
            .answers(atelier_requests::move_status)
            .fails(&[404, 409]),
        op("atelier", Post, "/api/atelier/requests/{id}/assign", "Gives the request to a staff member, or to no one (`staffId: null`).")
            .console()
            .body::<RequestAssignInput>()
            .answers(atelier_requests::assign)
            .status::<Error>(422, "No such staff member (`errors.staffId`)")
            .fails(&[404, 409]),
        op("atelier", Post, "/api/atelier/requests/{id}/replies", "Emails the client from the house's address and keeps the reply on the request.")
            .console()
            .body::<ReplyInput>()
            .answers(atelier_requests::reply)
            .status::<Error>(422, "A subject or a text missing or too long (`errors` names it)")
            .status::<Error>(502, "The email could not be sent: nothing kept")
            .fails(&[404, 409]),
        op("atelier", Post, "/api/atelier/requests/{id}/appointment", "Sets (or moves) the appointment, in the house's time zone: the client is emailed an invitation with its calendar file (a move: the same event, a higher SEQUENCE), reminded the day before by the scheduled job; the request is scheduled.")
            .console()
            .body::<AppointmentInput>()
            .answers(atelier_requests::appoint)
            .status::<Error>(422, "A time not in the future or malformed, a duration or a place not given (`errors` names it)")
            .status::<Error>(502, "The invitation could not be sent: nothing kept")
            .fails(&[404, 409]),
        op("atelier", Get, "/api/atelier/staff", "The roster (each member with their passkeys' count) and the pending invitations. Owners only.")
            .owner()
            .answers(roster::list),
        op("atelier", Post, "/api/atelier/staff/invitations", "Invites a new member, or an existing one to replace their passkey, by email: a single-use enrolment link valid 72 hours. Owners only.")
            .owner()
            .body::<NewInvitation>()
            .answers(roster::invite),
        op("atelier", Delete, "/api/atelier/staff/{id}", "Removes a member: their passkeys, sessions and invitations go. Owners only; 409 for the house's last owner.")
            .owner()
            .answers(roster::remove)
            .fails(&[404, 409]),
        op("atelier", Get, "/api/atelier/audit", "The audit log's entries from `from` to `to` (both days included; the last 30 days by default, a year at most), newest first. Owners only.")
            .query("from", "The first day, YYYY-MM-DD.")
            .query("to", "The last day, YYYY-MM-DD.")
            .owner()
            .answers(audit::entries)
            .fails(&[400]),
        op("atelier", Get, "/api/atelier/audit.csv", "The same entries as CSV: `at,staff,action,subject,before,after`, RFC 4180, the values as JSON, formulas disarmed. Owners only.")
            .query("from", "The first day, YYYY-MM-DD.")
            .query("to", "The last day, YYYY-MM-DD.")
            .owner()
            .answers(audit::download)
            .fails(&[400]),
    ]
}

/// An operation answering 500 on a failure of the server, and, when it
/// changes state, 403 for a request from an origin not allowed.
fn op(
    function: &'static str,
    method: Method,
    path: &'static str,
    summary: &'static str,
) -> Operation {
    let mut responses = BTreeMap::new();
    responses.insert(500, ("The server failed", error()));
    if method != Method::Get {
        responses.insert(403, ("Refused: an origin not allowed", error()));
    }
    Operation {
        method,
        path,
        summary,
        function,
        session: false,
        console: false,
        owner: false,
        query: Vec::new(),
        request: None,
        responses,
    }
}

fn error() -> Body {
    Body::Json(Box::new(Shape::of::<Error>()))
}

fn reason(status: u16) -> &'static str {
    match status {
        400 => "A field broke a rule (`errors` names it), or the request is malformed",
        401 => "No live session",
        403 => "Not the shopper's own, or an origin not allowed",
        404 => "Not found",
        409 => "In conflict with what is stored",
        410 => "The link is no longer valid",
        413 => "The body is larger than the API accepts",
        415 => "The body is not JSON",
        422 => "The payment was refused (`message` says why); nothing was charged",
        429 => "Too many attempts; try again later",
        503 => "The payment provider could not be reached; nothing was charged",
        _ => "Error",
    }
}

impl Operation {
    fn status<T: ToSchema>(mut self, status: u16, description: &'static str) -> Self {
        self.responses.insert(
            status,
            (description, Body::Json(Box::new(Shape::of::<T>()))),
        );
        self
    }

    /// A catalogue read: its answers carry a strong `ETag`, and a request
    /// whose `If-None-Match` holds it is answered `304` without a body.
    fn revalidated(mut self) -> Self {
        let unchanged = "Not Modified: the `If-None-Match` tag is the current answer's `ETag`";
        self.responses.insert(304, (unchanged, Body::Empty));
        self
    }

    /// What the route's handler answers on success, read from its type.
    fn answers<Args, H: Handler<Args>>(mut self, _handler: H) -> Self {
        H::Answer::document(&mut self);
        self
    }

    fn page(mut self) -> Self {
        for (status, description) in [
            (
                200,
                "Signed in, or canceled: the page posts the outcome to the opener",
            ),
            (
                400,
                "A failed sign-in: the page posts the error to the opener",
            ),
            (
                409,
                "The address belongs to an account that has not verified it: the page posts the error to the opener",
            ),
            (
                502,
                "The provider failed: the page posts the error to the opener",
            ),
        ] {
            self.responses.insert(status, (description, Body::Html));
        }
        self
    }

    fn redirect(mut self) -> Self {
        self.responses
            .insert(302, ("To the provider's sign-in page", Body::Redirect));
        let unavailable = "The shop holds no client credentials for the provider: the page posts the error to the opener";
        self.responses.insert(503, (unavailable, Body::Html));
        self
    }

    fn redirect_to(mut self, description: &'static str) -> Self {
        self.responses.insert(302, (description, Body::Redirect));
        self
    }

    fn query(mut self, name: &'static str, description: &'static str) -> Self {
        self.query.push((name, description));
        self
    }

    /// A JSON body: 400 for one that breaks a rule or does not parse, 413
    /// and 415 for one too large or not JSON.
    fn body<T: ToSchema>(mut self) -> Self {
        self.request = Some(Shape::of::<T>());
        self.fails(&[400, 413, 415])
    }

    /// Signed-in only: 401 without a live session.
    fn session(mut self) -> Self {
        self.session = true;
        self.fails(&[401])
    }

    /// A console route: 401 without a live console session.
    fn console(mut self) -> Self {
        self.console = true;
        let refused = "No live console session (`Please sign in to the atelier.`)";
        self.responses.insert(401, (refused, error()));
        self
    }

    /// An owner's console route: also 403 for a staff member's session.
    fn owner(mut self) -> Self {
        self.owner = true;
        let refused = "Not an owner's session, or an origin not allowed";
        self.responses.insert(403, (refused, error()));
        self.console()
    }

    /// A console form: 422 with each field's message.
    fn fields(self) -> Self {
        self.status::<Error>(422, "A field broke a rule (`errors` names each)")
    }

    /// A refund: 502 when the provider refused, could not be reached, or
    /// its answer was lost (then the refund is unknown until reconciled).
    fn provider(self) -> Self {
        let failed = "The provider refused or could not be reached (nothing given back), or its answer was lost: the refund is unknown until the reconciler reads the provider's ledger";
        self.status::<Error>(502, failed)
    }

    fn fails(mut self, statuses: &[u16]) -> Self {
        for &status in statuses {
            self.responses.insert(status, (reason(status), error()));
        }
        self
    }
}
