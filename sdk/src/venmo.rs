//! Venmo rules (spec sections 4, 5, 8 and 9): which browsers can pay with
//! Venmo, which flow a page uses (desktop QR code, desktop web login, mobile
//! app switch returning by hash, or manual return with polling), how the
//! app switch is launched, what a payment context's status means for each
//! flow, and the Venmo URLs.
//!
//! User agents are read the way the reference's browser detection reads them
//! (case-insensitive where it is, as byte searches).

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

/// The constants the JS reads (constants.json).
pub const CONSTANTS: [(&str, u32); 9] = [
    ("VENMO_MOBILE_POLL", MOBILE_POLLING_INTERVAL_MS),
    ("VENMO_EXPIRY", MOBILE_EXPIRING_THRESHOLD_MS),
    ("VENMO_DESKTOP_POLL", DESKTOP_POLLING_INTERVAL_MS),
    ("VENMO_COMPLETION_DELAY", COMPLETION_DELAY_MS),
    ("VENMO_MAX_RETRIES", WEB_LOGIN_MAX_RETRIES),
    ("VENMO_VISIBILITY_DELAY", VISIBILITY_DELAY_MS),
    ("VENMO_RESULTS_DELAY", RESULTS_DELAY_MS),
    ("VENMO_POPUP_WIDTH", POPUP_WIDTH),
    ("VENMO_POPUP_HEIGHT", POPUP_HEIGHT),
];

/// What the reference's browser detection sees in a user agent.
/// `touch`: the document has touch events (an iPad asking for the desktop site).
struct Browser {
    android: bool,
    ios: bool,
    chrome: bool,
    samsung: bool,
    ios_safari: bool,
    ios_webview: bool,
    android_webview: bool,
    facebook_android: bool,
}

/// The user-agent fragments the detection looks for: (fragment, case-insensitive).
const MARKS: [(&str, bool); 24] = [
    ("android", true),        // 0
    ("iphone", true),         // 1
    ("ipod", true),           // 2
    ("ipad", true),           // 3
    ("mac", true),            // 4
    ("iPhone", false),        // 5
    ("samsungbrowser", true), // 6
    ("Chrome", false),        // 7
    ("CriOS", false),         // 8
    ("Edge/", false),         // 9
    ("Edg/", false),          // 10
    ("DuckDuckGo/", false),   // 11
    ("OPR/", false),          // 12
    ("Opera/", false),        // 13
    ("OPT/", false),          // 14
    ("Silk/", false),         // 15
    ("GSA/", false),          // 16
    ("webkit", true),         // 17
    ("fxios", true),          // 18
    ("FBAN", false),          // 19
    ("safari", true),         // 20
    ("wv", true),             // 21
    ("huawei", true),         // 22
    ("fban", true),           // 23
];
/// Facebook's and Instagram's in-app browsers on Android.
const FB_ANDROID: [&str; 2] = ["fb_iab", "instagram"];

/// Whether `ua` has `mark`; with `ci` in any ASCII case (`mark` is lower
/// case). Compared in place: no lower-cased copy to allocate.
fn has_mark(ua: &str, mark: &str, ci: bool) -> bool {
    let mark = mark.as_bytes();
    let mut rest = ua.as_bytes();
    while rest.len() >= mark.len() {
        let mut same = true;
        for (&a, &b) in rest.iter().zip(mark) {
            same &= a == b || ci && a.to_ascii_lowercase() == b;
        }
        if same {
            return true;
        }
        rest = rest.get(1..).unwrap_or(&[]);
    }
    false
}

/// Which of [`MARKS`] the user agent has, as bits.
fn marks(ua: &str) -> u32 {
    MARKS
        .iter()
        .enumerate()
        .filter(|(_, (m, ci))| has_mark(ua, m, *ci))
        .fold(0, |bits, (i, _)| bits | 1 << i)
}

impl Browser {
    #[inline(never)]
    fn read(ua: &str, touch: bool) -> Browser {
        let m = marks(ua);
        let has = |i: u32| m & 1 << i != 0;
        let android = has(0);
        let ipados = (has(4) || has(3)) && !has(5) && touch;
        let ios = has(1) || has(2) || has(3) || ipados;
        let samsung = has(6);
        // Chrome, CriOS; not Edge, Samsung, DuckDuckGo, Opera or Silk.
        let chrome = (has(7) || has(8)) && m & 0xfe40 == 0;
        Browser {
            android,
            ios,
            chrome,
            samsung,
            ios_safari: ios && has(17) && !has(8) && !has(18) && !has(19),
            ios_webview: ios && (has(16) || has(17) && !has(20)),
            android_webview: android && has(21),
            facebook_android: has(22) && has(23)
                || android && FB_ANDROID.iter().any(|f| has_mark(ua, f, true)),
        }
    }

    fn desktop(&self) -> bool {
        !(self.ios || self.android)
    }
}

/// The page's options and circumstances, as bits of one integer (what
/// [`setup`] is given).
pub mod opt {
    /// The document has touch events (an iPad asking for the desktop site).
    pub const TOUCH: u32 = 1;
    pub const IN_IFRAME: u32 = 2;
    pub const ALLOW_NEW_TAB: u32 = 4;
    pub const ALLOW_WEBVIEWS: u32 = 8;
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
/// The browser supports Venmo.
pub const SUPPORTED: u32 = 64;

/// Everything the page needs to know at once: the flow and its bits, the
/// app-switch launch (`<< 4`) and browser support ([`SUPPORTED`]).
/// `platform` is navigator.platform; `options` bits of [`opt`].
pub fn setup(ua: &str, platform: &str, options: u32) -> u32 {
    let b = Browser::read(ua, options & opt::TOUCH != 0);
    let mut bits = mode(&b, options) | app_switch(&b, platform, options) << 4;
    if is_browser_supported(&b, options) {
        bits |= SUPPORTED;
    }
    bits
}

/// isBrowserSupported (section 5): Facebook-owned Android browsers, Samsung
/// Internet and iOS Chrome (unless a new tab is allowed outside a frame) are
/// not; webviews only when allowed; on mobile a new tab must be allowed
/// unless the browser returns to the same tab (iOS Safari, Android Chrome);
/// desktop needs allowDesktop or allowDesktopWebLogin.
fn is_browser_supported(b: &Browser, options: u32) -> bool {
    let on = |o: u32| options & o != 0;
    let ios_chrome_allowed = on(opt::ALLOW_NEW_TAB) && !on(opt::IN_IFRAME);
    if !ios_chrome_allowed && b.ios && b.chrome || b.facebook_android || b.samsung {
        return false;
    }
    if !on(opt::ALLOW_WEBVIEWS) && (b.android_webview || b.ios_webview) {
        return false;
    }
    if b.desktop() {
        return on(opt::ALLOW_DESKTOP | opt::ALLOW_WEB_LOGIN);
    }
    on(opt::ALLOW_NEW_TAB) || b.ios_safari || b.android && b.chrome
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
            .any(|p| has_mark(platform, p, false));
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

/// The Venmo page: web login, the app or its mobile web fallback, or the app
/// only (by `which`: "web", "fallback", anything else).
pub fn url(which: &str) -> &'static str {
    match which {
        "web" => "https://account.venmo.com/go/web",
        "fallback" => "https://venmo.com/go/checkout",
        _ => "https://venmo.com/braintree/checkout",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const IOS_SAFARI: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
    const IOS_CHROME: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1";
    const IOS_FIREFOX: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/120.0 Mobile/15E148 Safari/605.1.15";
    const IOS_WEBVIEW: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
    const IOS_GOOGLE_APP: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/300.0.598994205 Mobile/15E148 Safari/604.1";
    const IOS_FACEBOOK: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0]";
    const ANDROID_CHROME: &str = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
    const ANDROID_WEBVIEW: &str = "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36";
    const ANDROID_FIREFOX: &str =
        "Mozilla/5.0 (Android 13; Mobile; rv:120.0) Gecko/120.0 Firefox/120.0";
    const ANDROID_FACEBOOK: &str = "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/440.0.0.0;]";
    const ANDROID_INSTAGRAM: &str = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 Instagram 300.0.0.0";
    const HUAWEI_FACEBOOK: &str = "Mozilla/5.0 (Linux; HUAWEI P30) AppleWebKit/537.36 (KHTML, like Gecko) [FBAN/EMA;FBLC/en_US]";
    const SAMSUNG: &str = "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36";
    const DESKTOP_CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    const MAC_SAFARI: &str = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";

    use opt::*;

    /// Defaults: new tab and webviews allowed, no desktop, not in a frame.
    const DEFAULTS: u32 = ALLOW_NEW_TAB | ALLOW_WEBVIEWS;

    fn supported_with(ua: &str, options: u32) -> bool {
        setup(ua, "", options) & SUPPORTED != 0
    }

    fn supported(ua: &str) -> bool {
        supported_with(ua, DEFAULTS)
    }

    #[test]
    fn facebook_owned_android_browsers_are_unsupported() {
        assert!(!supported(ANDROID_FACEBOOK));
        assert!(!supported(ANDROID_INSTAGRAM));
        assert!(!supported(HUAWEI_FACEBOOK));
        // Facebook's iOS browser is only not a Safari.
        assert!(supported(IOS_FACEBOOK));
    }

    #[test]
    fn samsung_internet_is_unsupported() {
        assert!(!supported(SAMSUNG));
        assert!(!supported_with(SAMSUNG, DEFAULTS | ALLOW_DESKTOP));
    }

    #[test]
    fn ios_chrome_needs_a_new_tab_outside_a_frame() {
        assert!(supported(IOS_CHROME));
        assert!(!supported_with(IOS_CHROME, DEFAULTS | IN_IFRAME));
        assert!(!supported_with(IOS_CHROME, ALLOW_WEBVIEWS));
    }

    #[test]
    fn webviews_only_when_allowed() {
        assert!(supported(ANDROID_WEBVIEW));
        assert!(supported(IOS_WEBVIEW));
        assert!(supported(IOS_GOOGLE_APP));
        for ua in [ANDROID_WEBVIEW, IOS_WEBVIEW, IOS_GOOGLE_APP] {
            assert!(!supported_with(ua, ALLOW_NEW_TAB), "{ua}");
        }
        assert!(supported_with(ANDROID_CHROME, ALLOW_NEW_TAB));
    }

    #[test]
    fn mobile_without_a_new_tab_needs_ios_safari_or_android_chrome() {
        let same_tab = |ua| supported_with(ua, ALLOW_WEBVIEWS);
        assert!(same_tab(IOS_SAFARI));
        assert!(same_tab(ANDROID_CHROME));
        assert!(!same_tab(IOS_FIREFOX));
        assert!(!same_tab(ANDROID_FIREFOX));
        assert!(supported(ANDROID_FIREFOX));
        assert!(supported(IOS_FIREFOX));
    }

    #[test]
    fn desktop_needs_allow_desktop_or_web_login() {
        assert!(!supported(DESKTOP_CHROME));
        assert!(supported_with(DESKTOP_CHROME, DEFAULTS | ALLOW_DESKTOP));
        assert!(supported_with(DESKTOP_CHROME, DEFAULTS | ALLOW_WEB_LOGIN));
        assert!(!supported(MAC_SAFARI));
        // An iPad asking for the desktop site (touch) is iOS.
        assert!(supported_with(MAC_SAFARI, DEFAULTS | TOUCH));
    }

    #[test]
    fn the_flow_follows_platform_and_options() {
        let m = |ua, options| setup(ua, "", options) & 15;
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
            m(IOS_SAFARI, ALLOW_DESKTOP | ALLOW_WEB_LOGIN | LEGACY),
            MODE_HASH | MODE_RETURN_URLS
        );
        assert_eq!(
            m(IOS_SAFARI, 0),
            MODE_HASH | MODE_CREATES_CONTEXT | MODE_RETURN_URLS
        );
        assert_eq!(
            m(ANDROID_CHROME, IN_IFRAME | LEGACY),
            MODE_MANUAL | MODE_CREATES_CONTEXT
        );
        assert_eq!(
            m(ANDROID_CHROME, REQUIRE_MANUAL_RETURN | LEGACY | DEEP_LINK),
            MODE_MANUAL | MODE_CREATES_CONTEXT | MODE_RETURN_URLS
        );
    }

    #[test]
    fn app_switch_without_deep_link() {
        let s = |ua, options| setup(ua, "", options) >> 4 & 3;
        assert_eq!(s(IOS_SAFARI, 0), SWITCH_WINDOW_OPEN);
        assert_eq!(s(IOS_SAFARI, REDIRECT_FOR_IOS), SWITCH_LOCATION);
        assert_eq!(s(IOS_SAFARI, WEB_FALLBACK), SWITCH_LOCATION);
        assert_eq!(s(IOS_CHROME, 0), SWITCH_LOCATION);
        assert_eq!(s(IOS_WEBVIEW, 0), SWITCH_LOCATION);
        assert_eq!(s(ANDROID_CHROME, 0), SWITCH_WINDOW_OPEN);
        assert_eq!(s(ANDROID_CHROME, WEB_FALLBACK), SWITCH_LOCATION);
        assert_eq!(s(ANDROID_FIREFOX, WEB_FALLBACK), SWITCH_WINDOW_OPEN);
    }

    #[test]
    fn app_switch_with_deep_link() {
        let s = |platform, options| setup(IOS_WEBVIEW, platform, DEEP_LINK | options) >> 4 & 3;
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
