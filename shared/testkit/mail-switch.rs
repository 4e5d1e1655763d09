//! How a test makes the shop's email fail: the app's mailer behind a
//! switch, refusing every email while the switch is on and sending through
//! the app's own otherwise. Included with `#[path]` by the API tests and
//! shopctl's.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use app::App;
use domain::ports::{Email, Mailer, MailerError};

struct SwitchedMailer {
    inner: Arc<dyn Mailer>,
    refusing: Arc<AtomicBool>,
}

#[async_trait::async_trait]
impl Mailer for SwitchedMailer {
    async fn send(&self, email: Email) -> Result<(), MailerError> {
        if self.refusing.load(Ordering::SeqCst) {
            return Err(MailerError("the test refuses every email now".into()));
        }
        self.inner.send(email).await
    }
}

/// Puts `app`'s mailer behind `refusing`.
pub fn switch_mail(app: &mut App, refusing: Arc<AtomicBool>) {
    app.mailer = Arc::new(SwitchedMailer {
        inner: app.mailer.clone(),
        refusing,
    });
}
