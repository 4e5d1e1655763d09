//! The one provider secret a session keeps: the access token Facebook's
//! logout page needs. It is sealed (XChaCha20-Poly1305) under a key derived
//! from the session key, so the table holds no usable token; a rotated
//! session key still opens what the previous one sealed.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{Key, XChaCha20Poly1305, XNonce};
use hmac::{Hmac, Mac};
use rand::rngs::OsRng;
use rand::RngCore;
use sha2::Sha256;

use app::Config;

/// What the derived key is for: never the key of anything else.
const PURPOSE: &[u8] = b"provider-token";
const NONCE_BYTES: usize = 24;

fn cipher(session_key: &[u8]) -> XChaCha20Poly1305 {
    let mut mac =
        <Hmac<Sha256> as Mac>::new_from_slice(session_key).expect("HMAC takes any key length");
    mac.update(PURPOSE);
    XChaCha20Poly1305::new(Key::from_slice(&mac.finalize().into_bytes()))
}

/// `token` sealed under the current session key: a random nonce and the
/// ciphertext, URL-safe base64.
pub fn seal(config: &Config, token: &str) -> String {
    let mut nonce = [0u8; NONCE_BYTES];
    OsRng.fill_bytes(&mut nonce);
    let sealed = cipher(&config.session_key)
        .encrypt(XNonce::from_slice(&nonce), token.as_bytes())
        .expect("sealing a short token in memory cannot fail");
    URL_SAFE_NO_PAD.encode([nonce.as_slice(), &sealed].concat())
}

/// The token [`seal`] sealed, if it opens under the current or the
/// previous session key (anything else, including a token stored in clear
/// before sealing, opens to nothing).
pub fn open(config: &Config, sealed: &str) -> Option<String> {
    let bytes = URL_SAFE_NO_PAD.decode(sealed).ok()?;
    if bytes.len() <= NONCE_BYTES {
        return None;
    }
    let (nonce, ciphertext) = bytes.split_at(NONCE_BYTES);
    config.session_keys().find_map(|key| {
        let plain = cipher(key)
            .decrypt(XNonce::from_slice(nonce), ciphertext)
            .ok()?;
        String::from_utf8(plain).ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        crate::test_support::config("sealed")
    }

    #[test]
    fn a_sealed_token_opens_only_under_the_shops_keys() {
        let c = config();
        let sealed = seal(&c, "EAAB-facebook-token");
        assert!(!sealed.contains("facebook"));
        assert_ne!(
            sealed,
            seal(&c, "EAAB-facebook-token"),
            "a fresh nonce each time"
        );
        assert_eq!(open(&c, &sealed).as_deref(), Some("EAAB-facebook-token"));

        let mut rotated = c.clone();
        rotated.session_key = vec![7; 48];
        rotated.previous_session_key = Some(c.session_key.clone());
        assert_eq!(
            open(&rotated, &sealed).as_deref(),
            Some("EAAB-facebook-token")
        );

        let mut stranger = c.clone();
        stranger.session_key = vec![3; 48];
        assert_eq!(open(&stranger, &sealed), None);
        assert_eq!(
            open(&c, "EAAB-facebook-token"),
            None,
            "a token kept in clear"
        );
        let mut tampered = URL_SAFE_NO_PAD.decode(&sealed).unwrap();
        *tampered.last_mut().unwrap() ^= 1;
        assert_eq!(open(&c, &URL_SAFE_NO_PAD.encode(tampered)), None);
    }
}
