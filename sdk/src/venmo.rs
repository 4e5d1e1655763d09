//! Venmo rules (spec sections 4, 8 and 9): which flow a page uses (desktop
//! QR code, desktop web login, mobile app switch returning by hash, or
//! manual return with polling), how the app switch is launched, what a
//! payment context's status means for each flow, and the Venmo URLs. Which
//! browsers can pay with Venmo (section 5) is the one Venmo rule in JS
//! (`venmo.js`, `supports`): pages ask it synchronously as they load, before
//! any wasm module could have loaded. So the user agent is read there, once,
//! as the reference's browser detection reads it, and what it found comes
//! here as bits of [`opt`] (`ANDROID`, `IOS`, ...), not read a second time.

#[allow(unused_imports)]
use crate::prelude::*;

pub const MOBILE_POLLING_INTERVAL_MS: u32 = 250;
pub const MOBILE_EXPIRING_THRESHOLD_MS: u32 = 300_000;
pub const DESKTOP_POLLING_INTERVAL_MS: u32 = 1_000;
/// The QR view shows "authorized" this long before the flow completes.
pub const COMPLETION_DELAY_MS: u32 = 2_000;
pub const WEB_LOGIN_MAX_RETRIES: u32 = 3;
/// Visibility changes right after the app switch are ignored this long.
pub const VISIBILITY_DELAY_MS: u32 = 500;
/// Default delay before processing a return noticed by visibility.
pub const RESULTS_DELAY_MS: u32 = 1_000;
pub const POPUP_WIDTH: u32 = 400;
pub const POPUP_HEIGHT: u32 = 570;
/// The desktop QR frame says it is ready as its script runs, before its load
/// event; a frame loaded this long without saying so never will (a policy
/// blocked it, or an error page stands in its place).
pub const DESKTOP_FRAME_READY_GRACE_MS: u32 = 1_000;
/// A desktop QR frame not ready this long after it was added is given up.
pub const DESKTOP_FRAME_TIMEOUT_MS: u32 = 10_000;

/// The constants the JS reads (constants.json).
pub const CONSTANTS: [(&str, u32); 11] = [
    ("VENMO_MOBILE_POLL", MOBILE_POLLING_INTERVAL_MS),
    ("VENMO_EXPIRY", MOBILE_EXPIRING_THRESHOLD_MS),
    ("VENMO_DESKTOP_POLL", DESKTOP_POLLING_INTERVAL_MS),
    ("VENMO_COMPLETION_DELAY", COMPLETION_DELAY_MS),
    ("VENMO_MAX_RETRIES", WEB_LOGIN_MAX_RETRIES),
    ("VENMO_VISIBILITY_DELAY", VISIBILITY_DELAY_MS),
    ("VENMO_RESULTS_DELAY", RESULTS_DELAY_MS),
    ("VENMO_POPUP_WIDTH", POPUP_WIDTH),
    ("VENMO_POPUP_HEIGHT", POPUP_HEIGHT),
    ("VENMO_FRAME_GRACE", DESKTOP_FRAME_READY_GRACE_MS),
    ("VENMO_FRAME_TIMEOUT", DESKTOP_FRAME_TIMEOUT_MS),
];

/// What the browser detection (venmo.js) found, from [`opt`]'s bits.
struct Browser {
    android: bool,
    ios: bool,
    chrome: bool,
    ios_safari: bool,
    ios_webview: bool,
}

impl Browser {
    fn from_bits(options: u32) -> Browser {
        let on = |o: u32| options & o != 0;
        Browser {
            android: on(opt::ANDROID),
            ios: on(opt::IOS),
            chrome: on(opt::CHROME),
            ios_safari: on(opt::IOS_SAFARI),
            ios_webview: on(opt::IOS_WEBVIEW),
        }
    }

    fn desktop(&self) -> bool {
        !(self.ios || self.android)
    }
}

/// The page's options and circumstances, as bits of one integer (what
/// [`setup`] is given).
pub mod opt {
    /// The browser detection's findings: Android, iOS (an iPad asking for
    /// the desktop site too), Chrome (also iOS's CriOS; not Edge, Samsung
    /// Internet, DuckDuckGo, Opera or Silk), iOS Safari, an iOS webview.
    pub const ANDROID: u32 = 1;
    pub const IOS: u32 = 4;
    pub const CHROME: u32 = 8;
    pub const IOS_SAFARI: u32 = 8192;
    pub const IOS_WEBVIEW: u32 = 16384;
    pub const IN_IFRAME: u32 = 2;
    pub const ALLOW_DESKTOP: u32 = 16;
    pub const ALLOW_WEB_LOGIN: u32 = 32;
    pub const REQUIRE_MANUAL_RETURN: u32 = 64;
    /// No paymentMethodUsage: the legacy payment context.
    pub const LEGACY: u32 = 128;
    pub const DEEP_LINK: u32 = 256;
    pub const WEB_FALLBACK: u32 = 512;
    pub const REDIRECT_FOR_IOS: u32 = 1024;
    pub const POPUP_BRIDGE: u32 = 2048;
    pub const VENMO_INSTALLED: u32 = 4096;
}

/// The flow ([`setup`]'s two low bits).
pub const MODE_HASH: u32 = 0;
pub const MODE_QR: u32 = 1;
pub const MODE_WEB_LOGIN: u32 = 2;
pub const MODE_MANUAL: u32 = 3;
/// A payment context is created at set-up (and after each tokenization).
pub const MODE_CREATES_CONTEXT: u32 = 4;
/// The Venmo URL carries x-success/x-cancel/x-error return URLs.
pub const MODE_RETURN_URLS: u32 = 8;
/// How the app switch opens the Venmo URL ([`setup`]'s bits 4 and 5).
pub const SWITCH_WINDOW_OPEN: u32 = 0;
pub const SWITCH_LOCATION: u32 = 1;
pub const SWITCH_TOP_LOCATION: u32 = 2;
pub const SWITCH_POPUP_BRIDGE: u32 = 3;
/// Everything the page needs to know at once: the flow and its bits, and
/// the app-switch launch (`<< 4`). `platform` is navigator.platform;
/// `options` bits of [`opt`].
pub fn setup(platform: &str, options: u32) -> u32 {
    let b = Browser::from_bits(options);
    mode(&b, options) | app_switch(&b, platform, options) << 4
}

/// The flow a page uses: the desktop QR code when desktop is allowed without
/// web login; web login on desktop when allowed; manual return (polling) in
/// a frame or when the merchant requires it; else the app switch returning by
/// hash. A payment context is created up front for manual return and for the
/// paymentMethodUsage (non-legacy) flow; return URLs are sent with a deep
/// link return URL, or when the page can be returned to.
fn mode(b: &Browser, options: u32) -> u32 {
    let on = |o: u32| options & o != 0;
    let desktop = b.desktop();
    let cannot_return = on(opt::IN_IFRAME | opt::REQUIRE_MANUAL_RETURN);
    let flow = if on(opt::ALLOW_DESKTOP) && desktop && !on(opt::ALLOW_WEB_LOGIN) {
        MODE_QR
    } else if on(opt::ALLOW_WEB_LOGIN) && desktop {
        MODE_WEB_LOGIN
    } else if cannot_return {
        MODE_MANUAL
    } else {
        MODE_HASH
    };
    let mut bits = flow;
    if flow != MODE_QR && (cannot_return || !on(opt::LEGACY)) {
        bits |= MODE_CREATES_CONTEXT;
    }
    if on(opt::DEEP_LINK) || !cannot_return {
        bits |= MODE_RETURN_URLS;
    }
    bits
}

/// The app switch: with a deep link return URL, an iOS webview (the platform
/// says iPhone/iPad/iPod) navigates itself (or the top window from a frame)
/// unless only the popup bridge can reach the app; elsewhere the popup bridge
/// or a new window. Without one, iOS browsers that cannot window.open, iOS
/// with the redirect strategy (useRedirectForIOS or mobileWebFallBack) and
/// Android Chrome with mobileWebFallBack navigate the page; others open a
/// window.
fn app_switch(b: &Browser, platform: &str, options: u32) -> u32 {
    let on = |o: u32| options & o != 0;
    let fallback = on(opt::WEB_FALLBACK);
    if on(opt::DEEP_LINK) {
        let ios_platform = ["iPhone", "iPad", "iPod"]
            .iter()
            .any(|p| crate::find_bytes(platform, p).is_some());
        let (frame, bridge, installed) = (
            on(opt::IN_IFRAME),
            on(opt::POPUP_BRIDGE),
            on(opt::VENMO_INSTALLED),
        );
        return match (ios_platform, frame, bridge) {
            (true, true, _) if installed => SWITCH_TOP_LOCATION,
            (true, true, true) => SWITCH_POPUP_BRIDGE,
            (true, true, false) => SWITCH_TOP_LOCATION,
            (true, false, true) if !installed => SWITCH_POPUP_BRIDGE,
            (true, false, _) => SWITCH_LOCATION,
            (false, _, true) => SWITCH_POPUP_BRIDGE,
            (false, _, false) => SWITCH_WINDOW_OPEN,
        };
    }
    let no_window_open = b.ios && (b.ios_webview || !b.ios_safari);
    let redirect = b.ios && (fallback || on(opt::REDIRECT_FOR_IOS));
    if no_window_open || redirect || fallback && b.android && b.chrome {
        SWITCH_LOCATION
    } else {
        SWITCH_WINDOW_OPEN
    }
}

/// What a payment context status means. `flow`: 0 mobile polling (manual
/// return and the paymentMethodUsage return), 1 web login, 2 desktop QR.
/// "APPROVED" resolves; "" keeps polling (web login: retries); "STOP" ends
/// the QR polling with the error shown in the QR view; else the error code.
pub fn status_outcome(flow: u32, status: &str) -> &'static str {
    match (flow, status) {
        (_, "APPROVED") => "APPROVED",
        (0, "EXPIRED") => "VENMO_MOBILE_POLLING_TOKENIZATION_EXPIRED",
        (0, "FAILED") => "VENMO_MOBILE_POLLING_TOKENIZATION_FAILED",
        (0, "CANCELED") => "VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED",
        (1, "CANCELED") => "VENMO_CUSTOMER_CANCELED",
        (1, "FAILED") => "VENMO_TOKENIZATION_FAILED",
        (2, "CANCELED" | "EXPIRED" | "FAILED") => "STOP",
        _ => "",
    }
}

/// Checks that answer an error code ("" when all is well), the conditions
/// as bits of `found`:
/// - [`CHECK_OPTIONS`], create's option checks in the reference's order:
///   1 profileId given and not a string, 2 deepLinkReturnUrl likewise;
/// - [`CHECK_CONTEXT`]: collecting addresses (1) needs Enriched Customer
///   Data on the merchant account (2);
/// - [`CHECK_RETURN`], a return from the Venmo app by its hash markers in
///   this order: 1 venmoSuccess, 2 venmoError, 4 venmoCancel, none at all
///   (the customer came back by hand, or the app is missing).
pub fn check(which: u32, found: u32) -> &'static str {
    let has = |bit: u32| found & bit != 0;
    match which {
        CHECK_OPTIONS if has(1) => "VENMO_INVALID_PROFILE_ID",
        CHECK_OPTIONS if has(2) => "VENMO_INVALID_DEEP_LINK_RETURN_URL",
        CHECK_CONTEXT if has(1) && !has(2) => "ECD_DISABLED",
        CHECK_RETURN if has(1) => "",
        CHECK_RETURN if has(2) => "VENMO_APP_FAILED",
        CHECK_RETURN if has(4) => "VENMO_APP_CANCELED",
        CHECK_RETURN => "VENMO_CANCELED",
        _ => "",
    }
}
pub const CHECK_OPTIONS: u32 = 0;
pub const CHECK_CONTEXT: u32 = 1;
pub const CHECK_RETURN: u32 = 2;

/// The context is refreshed at about two thirds of its lifetime.
pub fn refresh_delay(lifetime_ms: u32) -> u32 {
    (u64::from(lifetime_ms) * 6666 / 10_000) as u32
}

/// The Venmo page: web login, the app or its mobile web fallback, the
/// payment context a desktop QR code shows the phone, or the app only (by
/// `which`: "web", "fallback", "purchase", anything else).
pub fn url(which: &str) -> &'static str {
    match which {
        "web" => "https://account.venmo.com/go/web",
        "fallback" => "https://venmo.com/go/checkout",
        "purchase" => "https://venmo.com/go/purchase",
        _ => "https://venmo.com/braintree/checkout",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use opt::*;

    // Browsers as the detection (venmo.js) reports them.
    const SAFARI_ON_IOS: u32 = IOS | IOS_SAFARI;
    const CHROME_ON_IOS: u32 = IOS | CHROME;
    const WEBVIEW_ON_IOS: u32 = IOS | IOS_WEBVIEW;
    const CHROME_ON_ANDROID: u32 = ANDROID | CHROME;
    /// Firefox, Samsung Internet, ...
    const OTHER_ON_ANDROID: u32 = ANDROID;
    const DESKTOP_CHROME: u32 = CHROME;

    #[test]
    fn desktop_is_neither_ios_nor_android() {
        let m = |options| setup("", options) & 3;
        assert_eq!(m(ALLOW_DESKTOP | LEGACY), MODE_QR);
        assert_eq!(m(IOS | ALLOW_DESKTOP | LEGACY), MODE_HASH);
        assert_eq!(m(ANDROID | ALLOW_DESKTOP | LEGACY), MODE_HASH);
    }

    #[test]
    fn the_flow_follows_platform_and_options() {
        let m = |browser, options| setup("", browser | options) & 15;
        assert_eq!(
            m(DESKTOP_CHROME, ALLOW_DESKTOP | LEGACY),
            MODE_QR | MODE_RETURN_URLS
        );
        assert_eq!(
            m(DESKTOP_CHROME, ALLOW_DESKTOP | ALLOW_WEB_LOGIN),
            MODE_WEB_LOGIN | MODE_CREATES_CONTEXT | MODE_RETURN_URLS
        );
        assert_eq!(
            m(DESKTOP_CHROME, ALLOW_WEB_LOGIN | LEGACY),
            MODE_WEB_LOGIN | MODE_RETURN_URLS
        );
        assert_eq!(
            m(SAFARI_ON_IOS, ALLOW_DESKTOP | ALLOW_WEB_LOGIN | LEGACY),
            MODE_HASH | MODE_RETURN_URLS
        );
        assert_eq!(
            m(SAFARI_ON_IOS, 0),
            MODE_HASH | MODE_CREATES_CONTEXT | MODE_RETURN_URLS
        );
        assert_eq!(
            m(CHROME_ON_ANDROID, IN_IFRAME | LEGACY),
            MODE_MANUAL | MODE_CREATES_CONTEXT
        );
        assert_eq!(
            m(
                CHROME_ON_ANDROID,
                REQUIRE_MANUAL_RETURN | LEGACY | DEEP_LINK
            ),
            MODE_MANUAL | MODE_CREATES_CONTEXT | MODE_RETURN_URLS
        );
    }

    #[test]
    fn app_switch_without_deep_link() {
        let s = |browser, options| setup("", browser | options) >> 4 & 3;
        assert_eq!(s(SAFARI_ON_IOS, 0), SWITCH_WINDOW_OPEN);
        assert_eq!(s(SAFARI_ON_IOS, REDIRECT_FOR_IOS), SWITCH_LOCATION);
        assert_eq!(s(SAFARI_ON_IOS, WEB_FALLBACK), SWITCH_LOCATION);
        assert_eq!(s(CHROME_ON_IOS, 0), SWITCH_LOCATION);
        assert_eq!(s(WEBVIEW_ON_IOS, 0), SWITCH_LOCATION);
        assert_eq!(s(SAFARI_ON_IOS | IOS_WEBVIEW, 0), SWITCH_LOCATION);
        assert_eq!(s(CHROME_ON_ANDROID, 0), SWITCH_WINDOW_OPEN);
        assert_eq!(s(CHROME_ON_ANDROID, WEB_FALLBACK), SWITCH_LOCATION);
        assert_eq!(s(OTHER_ON_ANDROID, WEB_FALLBACK), SWITCH_WINDOW_OPEN);
        assert_eq!(s(DESKTOP_CHROME, WEB_FALLBACK), SWITCH_WINDOW_OPEN);
    }

    #[test]
    fn app_switch_with_deep_link() {
        let s = |platform, options| setup(platform, WEBVIEW_ON_IOS | DEEP_LINK | options) >> 4 & 3;
        assert_eq!(
            s("iPhone", IN_IFRAME | POPUP_BRIDGE | VENMO_INSTALLED),
            SWITCH_TOP_LOCATION
        );
        assert_eq!(s("iPhone", IN_IFRAME | POPUP_BRIDGE), SWITCH_POPUP_BRIDGE);
        assert_eq!(s("iPhone", IN_IFRAME), SWITCH_TOP_LOCATION);
        assert_eq!(s("iPad", POPUP_BRIDGE), SWITCH_POPUP_BRIDGE);
        assert_eq!(s("iPad", POPUP_BRIDGE | VENMO_INSTALLED), SWITCH_LOCATION);
        assert_eq!(s("iPod", 0), SWITCH_LOCATION);
        assert_eq!(s("Linux armv8l", POPUP_BRIDGE), SWITCH_POPUP_BRIDGE);
        assert_eq!(s("Linux armv8l", IN_IFRAME), SWITCH_WINDOW_OPEN);
    }

    #[test]
    fn statuses_per_flow() {
        for flow in 0..3 {
            assert_eq!(status_outcome(flow, "APPROVED"), "APPROVED");
            assert_eq!(status_outcome(flow, "CREATED"), "");
            assert_eq!(status_outcome(flow, "SCANNED"), "");
        }
        for s in ["EXPIRED", "FAILED", "CANCELED"] {
            assert_eq!(
                status_outcome(0, s),
                String::from("VENMO_MOBILE_POLLING_TOKENIZATION_") + s
            );
            assert_eq!(status_outcome(2, s), "STOP");
        }
        assert_eq!(status_outcome(1, "CANCELED"), "VENMO_CUSTOMER_CANCELED");
        assert_eq!(status_outcome(1, "FAILED"), "VENMO_TOKENIZATION_FAILED");
        assert_eq!(status_outcome(1, "EXPIRED"), "");
    }

    #[test]
    fn return_markers_in_order() {
        assert_eq!(check(CHECK_RETURN, 7), "");
        assert_eq!(check(CHECK_RETURN, 6), "VENMO_APP_FAILED");
        assert_eq!(check(CHECK_RETURN, 4), "VENMO_APP_CANCELED");
        assert_eq!(check(CHECK_RETURN, 0), "VENMO_CANCELED");
    }

    #[test]
    fn option_checks_in_order() {
        assert_eq!(check(CHECK_OPTIONS, 3), "VENMO_INVALID_PROFILE_ID");
        assert_eq!(
            check(CHECK_OPTIONS, 2),
            "VENMO_INVALID_DEEP_LINK_RETURN_URL"
        );
        assert_eq!(check(CHECK_OPTIONS, 0), "");
    }

    #[test]
    fn addresses_need_enriched_customer_data() {
        assert_eq!(check(CHECK_CONTEXT, 1), "ECD_DISABLED");
        assert_eq!(check(CHECK_CONTEXT, 3), "");
        assert_eq!(check(CHECK_CONTEXT, 0), "");
        assert_eq!(check(CHECK_CONTEXT, 2), "");
    }

    #[test]
    fn refresh_at_two_thirds() {
        assert_eq!(refresh_delay(300_000), 199_980);
        assert_eq!(refresh_delay(0), 0);
        assert_eq!(refresh_delay(u32::MAX), 2_863_025_198);
    }

    #[test]
    fn venmo_urls() {
        assert_eq!(url("web"), "https://account.venmo.com/go/web");
        assert_eq!(url("fallback"), "https://venmo.com/go/checkout");
        assert_eq!(url("purchase"), "https://venmo.com/go/purchase");
        assert_eq!(url(""), "https://venmo.com/braintree/checkout");
    }

    #[test]
    fn constants_match_section_9() {
        assert_eq!(MOBILE_POLLING_INTERVAL_MS, 250);
        assert_eq!(MOBILE_EXPIRING_THRESHOLD_MS, 300_000);
        assert_eq!(DESKTOP_POLLING_INTERVAL_MS, 1_000);
        assert_eq!(COMPLETION_DELAY_MS, 2_000);
        assert_eq!(WEB_LOGIN_MAX_RETRIES, 3);
        assert_eq!(VISIBILITY_DELAY_MS, 500);
        assert_eq!(RESULTS_DELAY_MS, 1_000);
        assert_eq!((POPUP_WIDTH, POPUP_HEIGHT), (400, 570));
    }
}
