//! Password hashing, the random values of sessions, resets and OAuth, and
//! the signed values of the OAuth flow and the email links.

use std::sync::LazyLock;

use app::Config;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use domain::accounts::constant_time_eq;
use hmac::{Hmac, Mac};
use rand::rngs::OsRng;
use rand::RngCore;
use sha2::{Digest, Sha256};
use shop_http::ApiError;

/// argon2id at OWASP's first recommended setting: 19 MiB, two passes, one
/// lane. It fits a 512 MB Lambda many times over and keeps a sign-in far
/// under a second (see the report's measurement); hashes carry their
/// parameters, so raising them later only affects new hashes.
pub const ARGON2_MEMORY_KIB: u32 = 19 * 1024;
pub const ARGON2_PASSES: u32 = 2;
pub const ARGON2_LANES: u32 = 1;

fn argon2() -> Argon2<'static> {
    let params = Params::new(ARGON2_MEMORY_KIB, ARGON2_PASSES, ARGON2_LANES, None)
        .expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// What an unknown email is verified against, so that answer takes as long
/// as a wrong password: a hash in PHC form with the tuned parameters, a fixed
/// salt and an all-zero digest no password is known to give. Written, not
/// computed: hashing a password at start cost every cold start of the auth
/// function ~40 ms, and verifying against this is the same argon2 run as
/// verifying against a real hash.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    let salt = "ZHVtbXktc2FsdA"; // "dummy-salt"
    let digest = "A".repeat(43); // 32 zero bytes, argon2's default output
    format!(
        "$argon2id$v=19$m={ARGON2_MEMORY_KIB},t={ARGON2_PASSES},p={ARGON2_LANES}${salt}${digest}"
    )
});

fn hash_now(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .expect("argon2 hashing with valid parameters")
        .to_string()
}

fn verify_now(password: &str, hash: Option<&str>) -> bool {
    let (phc, real) = match hash {
        Some(h) => (h, true),
        None => (DUMMY_HASH.as_str(), false),
    };
    let Ok(parsed) = PasswordHash::new(phc) else {
        tracing::error!("stored password hash does not parse");
        return false;
    };
    argon2()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok()
        && real
}

/// Hashes off the async threads: argon2 is deliberately slow.
pub async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || hash_now(&password))
        .await
        .map_err(|_| ApiError::internal())
}

/// Whether `password` matches `hash`; with no hash (unknown email, or an
/// account without a password) it does the same work and answers false.
pub async fn verify_password(password: String, hash: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || verify_now(&password, hash.as_deref()))
        .await
        .unwrap_or(false)
}

/// `bytes` random bytes, URL-safe base64 without padding (cookie- and URL-safe).
pub fn random_token(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    URL_SAFE_NO_PAD.encode(buf)
}

/// 128 random bits as hex: session ids, unguessable.
pub fn random_id() -> String {
    let mut buf = [0u8; 16];
    OsRng.fill_bytes(&mut buf);
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn sha256_hex(value: &str) -> String {
    Sha256::digest(value.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

pub fn sha256_b64url(value: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(value.as_bytes()))
}

/// `payload.tag`: the payload with its HMAC-SHA256 under the session key.
/// `purpose` is part of what is signed, so a value signed for one use (an
/// OAuth flow) is never accepted for another (an email link).
pub fn sign(config: &Config, purpose: &str, payload: &str) -> String {
    format!("{payload}.{}", mac(config, purpose, payload))
}

/// The payload of a value [`sign`] made for `purpose`, if untampered: signed
/// with the current session key, or the previous one while a rotation settles.
pub fn signed_payload<'a>(config: &Config, purpose: &str, value: &'a str) -> Option<&'a str> {
    let (payload, tag) = value.rsplit_once('.')?;
    config
        .session_keys()
        .any(|key| constant_time_eq(&mac_with(key, purpose, payload), tag))
        .then_some(payload)
}

fn mac(config: &Config, purpose: &str, payload: &str) -> String {
    mac_with(&config.session_key, purpose, payload)
}

fn mac_with(key: &[u8], purpose: &str, payload: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(purpose.as_bytes());
    mac.update(b":");
    mac.update(payload.as_bytes());
    URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(name: &str) -> Config {
        crate::test_support::config(&format!("crypto-{name}"))
    }

    #[test]
    fn signed_values_survive_a_rotation_and_unknown_keys_fail() {
        let before = config("rotation");
        let signed = sign(&before, "reset", "u1");
        let mut rotated = before.clone();
        rotated.session_key = vec![9; 48];
        rotated.previous_session_key = Some(before.session_key.clone());
        assert_eq!(signed_payload(&rotated, "reset", &signed), Some("u1"));
        assert_eq!(signed_payload(&rotated, "oauth", &signed), None);
        // New values are signed with the current key only.
        let fresh = sign(&rotated, "reset", "u1");
        assert_eq!(signed_payload(&before, "reset", &fresh), None);
        let mut unknown = before.clone();
        unknown.session_key = vec![5; 32];
        assert_eq!(
            signed_payload(&rotated, "reset", &sign(&unknown, "reset", "u1")),
            None
        );
    }

    #[test]
    fn hashes_are_argon2id_with_the_tuned_parameters() {
        let hash = hash_now("couture1!");
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(verify_now("couture1!", Some(&hash)));
        assert!(!verify_now("couture2!", Some(&hash)));
    }

    #[test]
    fn the_dummy_hash_costs_what_a_real_hash_costs() {
        let real = hash_now("couture1!");
        let real = PasswordHash::new(&real).unwrap();
        let dummy = PasswordHash::new(&DUMMY_HASH).unwrap();
        assert_eq!(dummy.algorithm, real.algorithm);
        assert_eq!(dummy.version, real.version);
        assert_eq!(dummy.params, real.params);
        assert_eq!(dummy.hash.map(|h| h.len()), real.hash.map(|h| h.len()));
        assert!(dummy.salt.is_some());
    }

    #[test]
    fn no_hash_never_verifies() {
        assert!(!verify_now("not-a-real-password-0!", None));
        assert!(!verify_now("x", Some("garbage")));
    }

    #[test]
    fn random_values_are_distinct_and_safe() {
        let a = random_token(32);
        assert_eq!(a.len(), 43);
        assert!(a
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        assert_ne!(a, random_token(32));
        assert_eq!(random_id().len(), 32);
    }

    #[test]
    fn pkce_challenge_is_unpadded_base64url_sha256() {
        // Expected value computed independently (Python hashlib and base64.urlsafe_b64encode).
        assert_eq!(
            sha256_b64url("dBjftJeZ4CVP-mB92K9uJeYhVlaeWg_v8bdgkk1NGnw"),
            "6qSzNOjiSMPDwL59IjNK_Wl3AryfWZ0BONLad3hm7QU"
        );
    }
}
