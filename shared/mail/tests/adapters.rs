//! The outbox mailer on a temp folder, and the SES mailer against moto's server.

#[path = "../../testkit/moto.rs"]
mod moto;

use std::sync::{Arc, Mutex};

use domain::ports::{Email, Mailer};
use mail::{MailConfig, OutboxMailer, SesMailer};

const FROM: &str = "Maison Élise <no-reply@couture.test>";

fn reset_email(to: &str) -> Email {
    Email {
        to: to.into(),
        subject: "Réinitialiser votre mot de passe".into(),
        text: "Bonjour,\nOpen http://127.0.0.1:3000/reset-password?token=abc123 to choose a new password.\n".into(),
        html: Some("<p>Open <a href=\"http://127.0.0.1:3000/reset-password?token=abc123\">this link</a>.</p>".into()),
        attachments: Vec::new(),
    }
}

/// What each adapter is given first: a reset email to ada (with an html
/// part), then a plain-text one to bob.
async fn send_reset_then_plain(mailer: &dyn Mailer) {
    mailer
        .send(reset_email("ada@example.com"))
        .await
        .expect("the reset email is sent");
    let plain = Email {
        to: "bob@example.com".into(),
        subject: "Order confirmed".into(),
        text: "Thanks!".into(),
        html: None,
        attachments: Vec::new(),
    };
    mailer.send(plain).await.expect("the plain email is sent");
}

/// The log lines written while the returned guard lives (this thread's:
/// `#[tokio::test]` runs on one).
#[derive(Clone, Default)]
struct Logs(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Logs {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Logs {
    fn capture() -> (Self, tracing::subscriber::DefaultGuard) {
        let logs = Self::default();
        let writer = logs.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish();
        (logs, tracing::subscriber::set_default(subscriber))
    }

    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

/// No address, no part of one, and no subject (it may carry a name).
fn assert_no_personal_data(logs: &str, personal: &[&str]) {
    for data in personal {
        assert!(!logs.contains(data), "{data:?} logged: {logs}");
    }
}

fn eml_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("outbox")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    files
}

#[tokio::test]
async fn outbox_writes_one_eml_per_email() {
    let dir = tempfile::tempdir().expect("temp dir");
    let outbox = dir.path().join("data/outbox");
    let mailer = mail::open(
        &MailConfig::Outbox {
            dir: outbox.clone(),
            from: FROM.into(),
        },
        &aws_env::Aws::local(),
    )
    .await
    .expect("outbox opens");
    send_reset_then_plain(&*mailer).await;

    let files = eml_files(&outbox);
    assert_eq!(
        files.len(),
        2,
        "one file per email, nothing partial left: {files:?}"
    );
    assert!(files
        .iter()
        .all(|f| f.extension().is_some_and(|e| e == "eml")));
    let first = std::fs::read_to_string(&files[0]).expect("eml");
    assert!(first.contains("To: ada@example.com\r\n"));
    assert!(
        first.contains("From: =?UTF-8?B?"),
        "unicode sender name encoded: {first}"
    );
    assert!(first.contains("Subject: =?UTF-8?B?UsOpaW5pdGlhbGlzZXIgdm90cmUgbW90IGRlIHBhc3Nl?=\r\n"));
    assert!(first.contains("MIME-Version: 1.0\r\nContent-Type: multipart/alternative;"));
    assert!(first.contains("Message-ID: <") && first.contains("Date: "));
    assert!(first.contains("token=abc123 to choose a new password.\r\n"));
    assert!(first.contains("Content-Type: text/html; charset=utf-8"));
    let second = std::fs::read_to_string(&files[1]).expect("eml");
    assert!(second.contains("Subject: Order confirmed\r\nDate: "));
    assert!(second.contains("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nThanks!\r\n"));
}

#[tokio::test]
async fn outbox_logs_links_not_the_recipient_and_keeps_its_files_private() {
    let dir = tempfile::tempdir().expect("temp dir");
    let outbox = dir.path().join("data/outbox");
    let mailer = OutboxMailer::new(&outbox, FROM).expect("outbox");
    let (logs, _guard) = Logs::capture();
    let mut email = reset_email("đặng.thu@exämple.com");
    email.subject = "New appointment from Thu Đặng".into();
    mailer
        .send(email)
        .await
        .expect("an internationalised address is written");

    let logs = logs.text();
    assert!(
        logs.contains("http://127.0.0.1:3000/reset-password?token=abc123"),
        "{logs}"
    );
    assert_no_personal_data(
        &logs,
        &["đặng", "thu@", "exämple", "Thu Đặng", "appointment"],
    );

    let files = eml_files(&outbox);
    let eml = std::fs::read_to_string(&files[0]).expect("eml");
    let headers = eml.split("\r\n\r\n").next().unwrap_or_default();
    // RFC 6532: UTF-8 in the address itself (RFC 2047 words are not allowed there).
    assert!(
        headers.contains("\r\nTo: đặng.thu@exämple.com\r\n"),
        "{headers}"
    );
    assert!(headers.contains("Subject: =?UTF-8?B?"), "{headers}");

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode =
            |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode(&outbox), 0o700, "the outbox folder is the user's only");
        assert_eq!(
            mode(&dir.path().join("data")),
            0o700,
            "and the folder made for it"
        );
        assert_eq!(mode(&files[0]), 0o600, "an email is the user's only");
    }
}

#[tokio::test]
async fn outbox_refuses_hidden_recipients_and_no_subject_adds_a_header() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mailer = OutboxMailer::new(dir.path(), FROM).expect("outbox");
    let injected = Email {
        to: "a@b.c\r\nBcc: all@example.com".into(),
        subject: "x".into(),
        text: "x".into(),
        html: None,
        attachments: Vec::new(),
    };
    assert!(mailer.send(injected).await.is_err());
    let nobody = Email {
        to: "".into(),
        subject: "x".into(),
        text: "x".into(),
        html: None,
        attachments: Vec::new(),
    };
    assert!(mailer.send(nobody).await.is_err());
    assert!(eml_files(dir.path()).is_empty());

    // A subject with line breaks is sent (a notification is never lost to
    // one), on one line: it adds no header.
    let subject = Email {
        to: "a@b.c".into(),
        subject: "x\r\nBcc: all@example.com\n".into(),
        text: "x".into(),
        html: None,
        attachments: Vec::new(),
    };
    mailer.send(subject).await.expect("sent on one line");
    let files = eml_files(dir.path());
    let eml = std::fs::read_to_string(&files[0]).expect("eml");
    let headers = eml.split("\r\n\r\n").next().unwrap_or_default();
    assert!(
        headers.contains("Subject: x Bcc: all@example.com\r\n"),
        "{headers}"
    );
    assert!(!headers.lines().any(|l| l.starts_with("Bcc")), "{headers}");
}

/// One moto for every SES check: starting it is the slow part.
#[tokio::test]
async fn ses_sends_through_moto() {
    let moto = moto::Moto::start();
    let endpoint = moto.endpoint();
    let aws = aws_env::Aws::local();
    let mailer = SesMailer::connect(aws.sdk_config().await, FROM, Some(&endpoint));

    // SES refuses a sender it has not verified.
    let refused = mailer.send(reset_email("ada@example.com")).await;
    assert!(refused.is_err(), "unverified sender must be refused");

    mailer
        .client()
        .verify_email_identity()
        .email_address("no-reply@couture.test")
        .send()
        .await
        .expect("verify sender");
    // Production sends through the stage's configuration set.
    mailer
        .client()
        .create_configuration_set()
        .configuration_set(
            aws_sdk_ses::types::ConfigurationSet::builder()
                .name("couture-test")
                .build()
                .expect("configuration set"),
        )
        .send()
        .await
        .expect("create configuration set");
    let opened = mail::open(
        &MailConfig::Ses {
            from: FROM.into(),
            endpoint: Some(endpoint),
            configuration_set: Some("couture-test".into()),
        },
        &aws,
    )
    .await
    .expect("open");
    send_reset_then_plain(&*opened).await;

    // SES has no SMTPUTF8: the domain goes in punycode, a non-ASCII local
    // part is refused before any call, and no log line names either.
    let (logs, guard) = Logs::capture();
    opened
        .send(reset_email("ada@exämple.com"))
        .await
        .expect("an internationalised domain is sent");
    let refused = opened
        .send(reset_email("đặng.thu@exämple.com"))
        .await
        .expect_err("a non-ASCII local part is refused")
        .to_string();
    assert!(
        refused.contains("SES cannot deliver to a non-ASCII local part (no SMTPUTF8)"),
        "{refused}"
    );
    assert!(
        !refused.contains("thu") && !refused.contains("xn--"),
        "{refused}"
    );
    drop(guard);
    let logs = logs.text();
    assert!(logs.contains("email sent through SES"), "{logs}");
    assert!(logs.contains("message_id="), "{logs}");
    assert_no_personal_data(
        &logs,
        &[
            "ada@",
            "exämple",
            "xn--exmple-cua",
            "đặng",
            "thu@",
            "Réinitialiser",
        ],
    );

    let data: serde_json::Value =
        serde_json::from_str(&moto.get("/moto-api/data.json")).expect("moto data");
    let messages = data["ses"]["Message"].as_array().expect("ses messages");
    assert_eq!(
        messages.len(),
        3,
        "the refused email never reached SES: {messages:?}"
    );
    let reset = messages
        .iter()
        .find(|m| m["destinations"]["ToAddresses"][0] == "ada@example.com")
        .expect("reset mail");
    assert_eq!(reset["subject"], "Réinitialiser votre mot de passe");
    assert_eq!(reset["source"], FROM);
    assert!(reset["body"]
        .as_str()
        .expect("body")
        .contains("token=abc123"));
    assert!(
        messages
            .iter()
            .any(|m| m["destinations"]["ToAddresses"][0] == "ada@xn--exmple-cua.com"),
        "punycode domain: {messages:?}"
    );
    let quota = mailer
        .client()
        .get_send_quota()
        .send()
        .await
        .expect("quota");
    assert_eq!(quota.sent_last24_hours(), 3.0);

    // With an attachment, the MIME message goes whole (SendRawEmail).
    let mut invitation = reset_email("ada@exämple.com");
    invitation.attachments = vec![domain::ports::Attachment {
        filename: "invitation.ics".into(),
        content_type: "text/calendar; method=REQUEST; charset=utf-8".into(),
        bytes: b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".to_vec(),
    }];
    opened.send(invitation).await.expect("raw sent");
    let data = moto.get("/moto-api/data.json");
    assert!(
        data.contains("invitation.ics"),
        "raw message in moto: {data}"
    );
    assert!(data.contains("ada@xn--exmple-cua.com"), "{data}");
}
