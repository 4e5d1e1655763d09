//! Limits that protect one shopper never lock out another: a stranger who
//! knows only an email cannot keep its owner from signing in; failures from
//! one address never hold a browser that signed in before; the shop-wide
//! mail ceiling never closes sign-up; reset mails are limited, the owner's
//! reset never is; and a new reset link voids the older ones.

use serde_json::json;

use crate::auth::reset_token;
use domain::limits::MAX_WAIT_SECONDS;

use crate::helpers::{self, client_at, registration, Client, PASSWORD};

const TOO_MANY: &str = "Too many attempts. Please try again later.";

/// `n` sign-ins with a wrong password from `client`, four at a time (each
/// is an argon2 run); answers their statuses in order.
async fn wrong_sign_ins(client: &Client, emails: impl Fn(usize) -> String, n: usize) -> Vec<u16> {
    let mut statuses = Vec::new();
    for batch in (0..n).collect::<Vec<_>>().chunks(4) {
        let tries = batch.iter().map(|&i| {
            let (client, email) = (client.clone(), emails(i));
            async move { client.sign_in(&email, "guess1234!").await.status }
        });
        statuses.extend(helpers::concurrently(tries).await);
    }
    statuses
}

/// Ada's account, created from `owner`'s browser (which it then trusts):
/// answers the device cookie's value.
async fn ada_signed_up_from(owner: &Client) -> String {
    let created = owner
        .post("/api/auth/register", registration("ada@example.com"))
        .await;
    assert_eq!(created.status, 201, "{:?}", created.body);
    let device = helpers::set_cookie(&created, "device").expect("a device cookie");
    assert!(
        device.contains("HttpOnly") && device.contains("Path=/api/auth"),
        "{device}"
    );
    helpers::cookie_value(&created, "device").unwrap()
}

#[tokio::test]
async fn an_owner_signs_in_while_a_stranger_hammers_the_account_from_many_addresses() {
    // The shop's clock moves only with the guesses, so a loaded machine
    // (each guess is an argon2 run) cannot let a wait run out early.
    let (shop, clock) = helpers::spawn_shop_with_clock().await;
    let owner = client_at(&shop, [127, 0, 5, 1], &[]);
    let device = ada_signed_up_from(&owner).await;
    assert_eq!(owner.sign_in("ada@example.com", PASSWORD).await.status, 200);

    // A stranger guesses from a new address every 100 ms until eight
    // guesses were checked: the eighth starts a 4 s wait, in which the
    // checks below run. Every tenth attempt the owner signs in.
    let mut statuses = Vec::new();
    for i in 0..120u8 {
        let stranger = client_at(&shop, [127, 0, 5, 10 + i], &[]);
        let guess = stranger.sign_in("ada@example.com", "guess1234!").await;
        statuses.push(guess.status);
        if i % 10 == 9 {
            let answer = owner.sign_in("ada@example.com", PASSWORD).await;
            assert_eq!(
                answer.status, 200,
                "the owner, during the attack: {:?}",
                answer.body
            );
        }
        if statuses.iter().filter(|s| **s == 401).count() == 8 {
            break;
        }
        clock.advance(std::time::Duration::from_millis(100));
    }
    assert_eq!(
        statuses[..5],
        [401; 5],
        "five free failures, then waits that double (1 s, 2 s, 4 s)"
    );
    assert!(statuses.contains(&429), "{statuses:?}");
    assert!(
        statuses.len() >= 15,
        "a guess only after its wait: {statuses:?}"
    );

    let new_browser = client_at(&shop, [127, 0, 5, 200], &[]);
    let held = new_browser.sign_in("ada@example.com", PASSWORD).await;
    assert_eq!(
        (held.status, held.body["message"].as_str()),
        (429, Some(TOO_MANY)),
        "a browser the account never trusted is held like any stranger"
    );
    let cookie = format!("device={device}");
    let carried = client_at(&shop, [127, 0, 5, 201], &[("cookie", &cookie)]);
    assert_eq!(
        carried.sign_in("ada@example.com", PASSWORD).await.status,
        200,
        "the owner's browser on another network is still trusted"
    );
    let forged = client_at(
        &shop,
        [127, 0, 5, 202],
        &[("cookie", "device=ada.1.9999999999.x")],
    );
    assert_eq!(
        forged.sign_in("ada@example.com", PASSWORD).await.status,
        429,
        "a made-up device cookie trusts nothing"
    );
}

/// A trusted browser's own failures count against it alone, and past its
/// limit it is held like a stranger: a stolen device cookie is no master key.
#[tokio::test]
async fn a_trusted_browser_that_fails_too_often_is_held_like_a_stranger() {
    let shop = helpers::spawn_shop().await;
    let owner = client_at(&shop, [127, 0, 6, 1], &[]);
    ada_signed_up_from(&owner).await;
    let statuses = wrong_sign_ins(&owner, |_| "ada@example.com".into(), 10).await;
    assert_eq!(statuses, [401; 10], "the trusted browser's own ten tries");
    let stranger = client_at(&shop, [127, 0, 6, 2], &[]);
    assert_eq!(
        stranger.sign_in("ada@example.com", PASSWORD).await.status,
        200,
        "the owner's typos never slowed the account for anyone else"
    );
    // One at a time: the account's backoff counts racing failures as one.
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(owner.sign_in("ada@example.com", "guess1234!").await.status);
    }
    assert_eq!(
        statuses[..5],
        [401; 5],
        "past ten, the browser is a stranger: five free failures, then the wait"
    );
    assert!(statuses.contains(&429), "{statuses:?}");
}

/// 300 failures from one address (an office, a carrier) hold the strangers
/// behind it, never a browser that signed in to its account before.
#[tokio::test]
async fn failures_from_one_address_never_hold_a_browser_that_signed_in_before() {
    let shop = helpers::spawn_shop().await;
    let office = [127, 0, 7, 1];
    let colleague = client_at(&shop, office, &[]);
    ada_signed_up_from(&colleague).await;
    // 310 guesses over two connections at once, four in flight on each.
    let (one, two) = (client_at(&shop, office, &[]), client_at(&shop, office, &[]));
    let (first, second) = tokio::join!(
        wrong_sign_ins(&one, |i| format!("nobody{i}@example.com"), 155),
        wrong_sign_ins(&two, |i| format!("noone{i}@example.com"), 155),
    );
    let statuses: Vec<u16> = first.into_iter().chain(second).collect();
    assert_eq!(
        (count(&statuses, 401), count(&statuses, 429)),
        (300, 10),
        "exactly the limit checked, however the guesses interleave"
    );
    let guesser = client_at(&shop, office, &[]);
    let held = guesser.sign_in("nobody@example.com", "guess1234!").await;
    assert_eq!(held.status, 429, "the address is held");
    let newcomer = client_at(&shop, office, &[]);
    newcomer
        .post("/api/auth/register", registration("bao@example.com"))
        .await;
    let stranger_to_ada = client_at(&shop, office, &[]);
    assert_eq!(
        stranger_to_ada
            .sign_in("ada@example.com", PASSWORD)
            .await
            .status,
        429,
        "an untrusted browser behind the address is held"
    );
    assert_eq!(
        colleague.sign_in("ada@example.com", PASSWORD).await.status,
        200,
        "ada's own browser behind the same address is not"
    );
    assert_eq!(
        newcomer.sign_in("bao@example.com", PASSWORD).await.status,
        200,
        "nor the browser that just created its account"
    );
    let elsewhere = client_at(&shop, [127, 0, 7, 2], &[]);
    assert_eq!(
        elsewhere.sign_in("ada@example.com", PASSWORD).await.status,
        200
    );
}

/// 30 addresses × 10 sign-ups reach the shop-wide welcome-mail ceiling; a
/// 31st address still signs up (without the welcome), and its browser is
/// trusted for the new account.
#[tokio::test]
async fn sign_up_stays_open_to_a_new_address_after_thirty_hit_their_limits() {
    let shop = helpers::spawn_shop().await;
    for a in 0..30u8 {
        let from = client_at(&shop, [127, 0, 9, a + 1], &[]);
        let forms: Vec<_> = (0..10)
            .map(|n| registration(&format!("shopper{a}-{n}@example.com")))
            .collect();
        for chunk in forms.chunks(5) {
            let sign_ups = chunk.iter().map(|form| {
                let (from, form) = (from.clone(), form.clone());
                async move { from.post("/api/auth/register", form).await.status }
            });
            let statuses = helpers::concurrently(sign_ups).await;
            assert!(statuses.iter().all(|s| *s == 201), "{a}: {statuses:?}");
        }
        let eleventh = from
            .post("/api/auth/register", registration("one-more@example.com"))
            .await;
        assert_eq!(eleventh.status, 429, "each address's own limit holds");
    }
    assert_eq!(
        shop.outbox().len(),
        300,
        "the ceiling: 300 welcome mails an hour"
    );
    let newcomer = client_at(&shop, [127, 0, 9, 200], &[]);
    let created = newcomer
        .post("/api/auth/register", registration("newcomer@example.com"))
        .await;
    assert_eq!(created.status, 201, "{:?}", created.body);
    assert_eq!(shop.outbox().len(), 300, "its welcome is held back");
    assert_eq!(
        newcomer
            .sign_in("newcomer@example.com", PASSWORD)
            .await
            .status,
        200
    );
}

/// Five reset requests a stranger makes for ada's address use up its reset
/// mails for the hour; ada's own request is answered the same, and the
/// newest link in her inbox works. Each new link voids the ones before.
#[tokio::test]
async fn reset_mails_are_limited_but_the_owners_reset_never_is_and_a_new_link_voids_older_ones() {
    let shop = helpers::spawn_shop().await;
    let owner = client_at(&shop, [127, 0, 10, 1], &[]);
    ada_signed_up_from(&owner).await;
    let stranger = client_at(&shop, [127, 0, 10, 2], &[]);
    for _ in 0..5 {
        let asked = stranger
            .post(
                "/api/auth/forgot-password",
                json!({ "email": "ada@example.com" }),
            )
            .await;
        assert_eq!(asked.status, 200);
    }
    let links: Vec<String> = shop
        .outbox()
        .iter()
        .filter(|m| m.contains("reset-password?token="))
        .map(|m| reset_token(m))
        .collect();
    assert_eq!(links.len(), 5);
    let own = owner
        .post(
            "/api/auth/forgot-password",
            json!({ "email": "ada@example.com" }),
        )
        .await;
    assert_eq!(
        (own.status, own.body["message"].as_str()),
        (200, Some("Password reset email has been sent.")),
        "the owner is answered as ever"
    );
    assert_eq!(
        shop.outbox()
            .iter()
            .filter(|m| m.contains("reset-password?token="))
            .count(),
        5,
        "no sixth mail in the hour"
    );
    let older = owner
        .post(
            "/api/auth/reset-password",
            json!({ "token": links[3], "newPassword": "atelier2&" }),
        )
        .await;
    assert_eq!(
        older.status, 400,
        "a newer link voided it: {:?}",
        older.body
    );
    let newest = owner
        .post(
            "/api/auth/reset-password",
            json!({ "token": links[4], "newPassword": "atelier2&" }),
        )
        .await;
    assert_eq!(newest.status, 200, "{:?}", newest.body);
    assert_eq!(
        owner.sign_in("ada@example.com", "atelier2&").await.status,
        200
    );
}

/// What a sign-in costs the table. Every limit is counted before the
/// password is checked and given back when it was right: a browser the
/// account trusts counts against its own counter; any other against the
/// address's counter and the account's run of failures.
#[tokio::test]
async fn a_sign_in_costs_five_table_requests_from_a_trusted_browser_and_seven_from_another() {
    let shop = helpers::spawn_shop().await;
    let owner = client_at(&shop, [127, 0, 11, 1], &[]);
    ada_signed_up_from(&owner).await;
    let (answer, trusted) =
        helpers::count_table_requests(&shop, owner.sign_in("ada@example.com", PASSWORD)).await;
    assert_eq!(answer.status, 200);
    assert_eq!(
        trusted, 5,
        "credentials, the device's count, the session slots (BatchGetItem), the session, the count given back"
    );
    let other = client_at(&shop, [127, 0, 11, 2], &[]);
    let (answer, untrusted) =
        helpers::count_table_requests(&shop, other.sign_in("ada@example.com", PASSWORD)).await;
    assert_eq!(answer.status, 200);
    assert_eq!(
        untrusted, 7,
        "credentials, the address's count, the account's guess, the slots, the session, both given back"
    );
    let stranger = client_at(&shop, [127, 0, 11, 3], &[]);
    let (answer, failed) =
        helpers::count_table_requests(&shop, stranger.sign_in("ada@example.com", "guess1234!"))
            .await;
    assert_eq!(answer.status, 401);
    assert_eq!(
        failed, 3,
        "credentials, the address's count and the account's guess, both before the check"
    );
}

/// Brings Ada's account to `n` failures, one stranger at a time, the clock
/// moved past each wait.
async fn failures_on_ada(shop: &helpers::TestShop, clock: &helpers::TestClock, n: u8) {
    for i in 0..n {
        let stranger = client_at(shop, [127, 0, 13, 100 + i], &[]);
        let guess = stranger.sign_in("ada@example.com", "guess1234!").await;
        assert_eq!(guess.status, 401, "failure {i}: {:?}", guess.body);
        clock.advance(std::time::Duration::from_secs(MAX_WAIT_SECONDS as u64));
    }
}

/// `guesses` sign-ins to Ada's account sent at once, each from its own
/// address: their statuses.
async fn at_once_from_many(
    shop: &helpers::TestShop,
    third: u8,
    guesses: Vec<&'static str>,
) -> Vec<u16> {
    let tries = guesses.into_iter().enumerate().map(|(i, password)| {
        let c = client_at(shop, [127, 0, third, 10 + i as u8], &[]);
        async move { c.sign_in("ada@example.com", password).await.status }
    });
    helpers::concurrently(tries).await
}

fn count(statuses: &[u16], status: u16) -> usize {
    statuses.iter().filter(|s| **s == status).count()
}

/// The account's backoff holds guesses, not rounds: at ten failures (a 16 s
/// wait), sixteen wrong guesses sent at once from sixteen addresses once
/// the wait is over get one check, and so do fifteen wrong guesses and the
/// right password sent at once after the next wait, and sixteen sent at
/// once from one address after the next. The owner's trusted browser signs
/// in throughout.
#[tokio::test]
async fn guesses_sent_at_once_are_each_counted_by_the_accounts_backoff() {
    let (shop, clock) = helpers::spawn_shop_with_clock().await;
    let owner = client_at(&shop, [127, 0, 13, 1], &[]);
    ada_signed_up_from(&owner).await;
    failures_on_ada(&shop, &clock, 10).await;

    let sixteen = at_once_from_many(&shop, 14, vec!["guess1234!"; 16]).await;
    assert_eq!(
        (count(&sixteen, 401), count(&sixteen, 429)),
        (1, 15),
        "one guess checked, fifteen held: {sixteen:?}"
    );
    clock.advance(std::time::Duration::from_secs(MAX_WAIT_SECONDS as u64));
    let mut mixed = vec!["guess1234!"; 15];
    mixed.push(PASSWORD);
    let mixed = at_once_from_many(&shop, 15, mixed).await;
    assert_eq!(
        count(&mixed, 401) + count(&mixed, 200),
        1,
        "one of sixteen checked: {mixed:?}"
    );
    assert_eq!(count(&mixed, 429), 15, "{mixed:?}");
    clock.advance(std::time::Duration::from_secs(MAX_WAIT_SECONDS as u64));
    if count(&mixed, 200) == 1 {
        // The right password was the one checked (one time in sixteen): it
        // ended the run, and its first failures are free. Run it up again.
        failures_on_ada(&shop, &clock, 10).await;
    }
    let one_address = client_at(&shop, [127, 0, 13, 250], &[]);
    let tries = (0..16).map(|_| {
        let c = one_address.clone();
        async move { c.sign_in("ada@example.com", "guess1234!").await.status }
    });
    let from_one = helpers::concurrently(tries).await;
    assert_eq!(
        (count(&from_one, 401), count(&from_one, 429)),
        (1, 15),
        "sixteen at once from one address: one checked: {from_one:?}"
    );
    assert_eq!(
        owner.sign_in("ada@example.com", PASSWORD).await.status,
        200,
        "the owner's browser is held by none of it"
    );
}

/// A trusted browser's own limit holds guesses sent at once too: of sixteen,
/// ten are checked as the trusted browser's; the rest are a stranger's, held
/// while the account waits.
#[tokio::test]
async fn a_trusted_browsers_guesses_sent_at_once_are_each_counted() {
    let (shop, clock) = helpers::spawn_shop_with_clock().await;
    let owner = client_at(&shop, [127, 0, 16, 1], &[]);
    ada_signed_up_from(&owner).await;
    // Six strangers' failures: the account waits (its clock stands still).
    for i in 0..6u8 {
        let stranger = client_at(&shop, [127, 0, 16, 100 + i], &[]);
        stranger.sign_in("ada@example.com", "guess1234!").await;
    }
    let _ = &clock;
    let tries = (0..16).map(|_| {
        let owner = owner.clone();
        async move { owner.sign_in("ada@example.com", "guess1234!").await.status }
    });
    let statuses = helpers::concurrently(tries).await;
    assert_eq!(
        (count(&statuses, 401), count(&statuses, 429)),
        (10, 6),
        "{statuses:?}"
    );
}

/// A browser that once signed in to an account a squatter made is trusted
/// no more once the address's owner claims it, and a password change ends
/// every other browser's trust too: while the account backs off, they are
/// held like strangers; the browser that made the change is not.
#[tokio::test]
async fn trust_ends_with_a_claim_and_with_a_password_change() {
    let (shop, _clock) = helpers::spawn_shop_with_clock().await;
    let squatter = client_at(&shop, [127, 0, 17, 66], &[]);
    ada_signed_up_from(&squatter).await;
    let token = crate::verification::verification_token(&shop.outbox()[0]);
    let owner = client_at(&shop, [127, 0, 17, 1], &[]);
    let claimed = owner
        .post(
            "/api/auth/verify-email",
            json!({ "token": token, "newPassword": "owner-own1!", "confirmPassword": "owner-own1!" }),
        )
        .await;
    assert_eq!(claimed.status, 200, "{:?}", claimed.body);
    let other_browser = client_at(&shop, [127, 0, 17, 2], &[]);
    assert_eq!(
        other_browser
            .sign_in("ada@example.com", "owner-own1!")
            .await
            .status,
        200,
        "a second browser of the owner's, trusted now"
    );
    // Strangers' failures: the account waits.
    for i in 0..6u8 {
        let stranger = client_at(&shop, [127, 0, 17, 100 + i], &[]);
        stranger.sign_in("ada@example.com", "guess1234!").await;
    }
    let held = squatter.sign_in("ada@example.com", "guess1234!").await;
    assert_eq!(
        (held.status, held.body["message"].as_str()),
        (429, Some(TOO_MANY)),
        "the squatter's browser is a stranger after the claim"
    );
    assert_eq!(
        owner.sign_in("ada@example.com", "owner-own1!").await.status,
        200,
        "the claiming browser is trusted in the new epoch"
    );
    let changed = owner
        .post(
            "/api/auth/change-password",
            json!({ "currentPassword": "owner-own1!", "newPassword": "Owner-new2!" }),
        )
        .await;
    assert_eq!(changed.status, 200, "{:?}", changed.body);
    assert_eq!(
        other_browser
            .sign_in("ada@example.com", "Owner-new2!")
            .await
            .status,
        429,
        "the change ended the other browser's trust: held while the account waits"
    );
    assert_eq!(
        owner.sign_in("ada@example.com", "Owner-new2!").await.status,
        200,
        "the browser that changed it is trusted"
    );
}
