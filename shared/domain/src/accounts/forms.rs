//! The account forms as they arrive (every field optional, so a missing field
//! gets its rule's message rather than a parse error) and the validated values
//! they turn into.

use serde::Deserialize;
use time::Date;

use super::birthday::{Birthday, BirthdayError};
use super::email::{EmailAddress, EmailError};
use super::password::{self, Flavor};
use super::title::Title;
use crate::validation::FieldErrors;

pub const LOGIN_EMAIL_REQUIRED: &str = "Please enter your email.";
pub const LOGIN_PASSWORD_REQUIRED: &str = "Please enter your password.";
pub const PASSWORD_REQUIRED: &str = "Password is required";
pub const PASSWORDS_DIFFER: &str = "Password and confirm password do not match.";
pub const TITLE_REQUIRED: &str = "Title is required";
pub const TITLE_SIGN_UP_OPTIONS: &str = "Please choose a title: Ms or Mr.";
pub const FIRST_NAME_REQUIRED: &str = "First name is required";
pub const LAST_NAME_REQUIRED: &str = "Last name is required";
pub const MUST_AGREE: &str = "You must agree to receive updates before creating an account.";
pub const NEW_PASSWORD_REQUIRED: &str = "New password is required";
pub const NOT_COMPLEX: &str = "Password does not meet complexity requirements";
pub const CONFIRM_REQUIRED: &str = "Please confirm your password";
pub const RESET_PASSWORDS_DIFFER: &str = "Passwords do not match";
pub const RESET_LINK_INVALID: &str =
    "This password reset link is invalid or has expired. Please request a new one.";
pub const PROFILE_FIRST_NAME_REQUIRED: &str = "First Name is required";
pub const PROFILE_LAST_NAME_REQUIRED: &str = "Last Name is required";
pub const TITLE_PROFILE_OPTIONS: &str = "Please choose a title: Mrs or Mr.";
pub const FILL_ALL_PASSWORDS: &str = "Please fill in all password fields!";
pub const CHANGE_PASSWORDS_DIFFER: &str = "New password and confirm password do not match!";
pub const CHANGE_NOT_COMPLEX: &str = "New password does not meet requirements!";

/// Names are free text (accents, any script) but bounded and printable.
pub const NAME_MAX_CHARS: usize = 100;
pub const NAME_TOO_LONG: &str = "Please use at most 100 characters.";
pub const NAME_UNPRINTABLE: &str = "Please use only printable characters.";

/// `POST /api/auth/register`.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RegistrationForm {
    pub email: String,
    pub password: String,
    /// The browser checks it; checked here too when sent.
    pub confirm_password: Option<String>,
    pub title: String,
    #[serde(alias = "firstName")]
    pub firstname: String,
    #[serde(alias = "lastName")]
    pub lastname: String,
    pub birthday: String,
    /// The marketing-updates checkbox, which must be ticked.
    #[serde(alias = "isAgree", alias = "agree", alias = "marketingConsent")]
    pub agree_to_updates: bool,
}

/// A sign-up that passed every rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Registration {
    pub email: EmailAddress,
    pub password: String,
    pub title: Title,
    pub firstname: String,
    pub lastname: String,
    pub birthday: Birthday,
}

impl RegistrationForm {
    pub fn validate(self, today: Date) -> Result<Registration, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = EmailAddress::parse(&self.email)
            .map_err(|e| errors.add("email", e.to_string()))
            .ok();
        if self.password.is_empty() {
            errors.add("password", PASSWORD_REQUIRED);
        } else if let Some(first) = password::unmet_rules(&self.password, Flavor::SignUp).first() {
            errors.add("password", *first);
        }
        if self
            .confirm_password
            .as_ref()
            .is_some_and(|c| *c != self.password)
        {
            errors.add("confirmPassword", PASSWORDS_DIFFER);
        }
        let title = match self.title.trim() {
            "" => errors_add(&mut errors, "title", TITLE_REQUIRED),
            raw => Title::for_sign_up(raw)
                .or_else(|| errors_add(&mut errors, "title", TITLE_SIGN_UP_OPTIONS)),
        };
        let firstname = name(
            &self.firstname,
            "firstname",
            FIRST_NAME_REQUIRED,
            &mut errors,
        );
        let lastname = name(&self.lastname, "lastname", LAST_NAME_REQUIRED, &mut errors);
        let birthday = birthday(&self.birthday, &mut errors, today);
        errors.check(self.agree_to_updates, "agreeToUpdates", MUST_AGREE);
        match (email, title, firstname, lastname, birthday) {
            (Some(email), Some(title), Some(firstname), Some(lastname), Some(birthday))
                if errors.is_empty() =>
            {
                Ok(Registration {
                    email,
                    password: self.password,
                    title,
                    firstname,
                    lastname,
                    birthday,
                })
            }
            _ => Err(errors),
        }
    }
}

/// `POST /api/auth/login`. No strength rules: only presence.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct LoginForm {
    pub email: String,
    pub password: String,
    pub is_remember_me: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Login {
    /// As typed, trimmed; looked up case-insensitively.
    pub email: String,
    pub password: String,
    pub remember: bool,
}

impl LoginForm {
    pub fn validate(self) -> Result<Login, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = self.email.trim().to_string();
        errors.check(!email.is_empty(), "email", LOGIN_EMAIL_REQUIRED);
        errors.check(
            !self.password.is_empty(),
            "password",
            LOGIN_PASSWORD_REQUIRED,
        );
        errors.into_result(Login {
            email,
            password: self.password,
            remember: self.is_remember_me,
        })
    }
}

/// `POST /api/auth/forgot-password`.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(default)]
pub struct ForgotForm {
    pub email: String,
}

impl ForgotForm {
    pub fn validate(self) -> Result<EmailAddress, FieldErrors> {
        EmailAddress::parse(&self.email).map_err(|e: EmailError| {
            let mut errors = FieldErrors::new();
            errors.add("email", e.to_string());
            errors
        })
    }
}

/// `POST /api/auth/verify-email/preview`: the token of the welcome email's link.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(default)]
pub struct VerifyLinkForm {
    pub token: String,
}

impl VerifyLinkForm {
    pub fn validate(self) -> Result<String, FieldErrors> {
        let mut errors = FieldErrors::new();
        let token = checked_token(self.token, &mut errors);
        errors.into_result(token)
    }
}

fn checked_token(token: String, errors: &mut FieldErrors) -> String {
    let token = token.trim().to_string();
    errors.check(
        !token.is_empty() && token.len() <= 512,
        "token",
        super::VERIFY_LINK_INVALID,
    );
    token
}

/// `POST /api/auth/verify-email`: the token of the welcome email's link and,
/// when the link claims the account (followed from a browser the account
/// does not trust), the password its owner chooses, with the same rules and
/// messages as a reset.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct VerifyEmailForm {
    pub token: String,
    pub new_password: Option<String>,
    pub confirm_password: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VerifyEmail {
    pub token: String,
    pub new_password: Option<String>,
}

impl VerifyEmailForm {
    pub fn validate(self) -> Result<VerifyEmail, FieldErrors> {
        let mut errors = FieldErrors::new();
        let token = checked_token(self.token, &mut errors);
        if let Some(password) = &self.new_password {
            check_new_password(password, self.confirm_password.as_deref(), &mut errors);
        }
        errors.into_result(VerifyEmail {
            token,
            new_password: self.new_password,
        })
    }
}

/// A password being chosen (a reset, a claim), and its confirmation if sent.
fn check_new_password(password: &str, confirm: Option<&str>, errors: &mut FieldErrors) {
    if password.is_empty() {
        errors.add("newPassword", NEW_PASSWORD_REQUIRED);
    } else if !password::meets_rules(password, Flavor::Reset) {
        errors.add("newPassword", NOT_COMPLEX);
    }
    match confirm {
        Some("") => errors.add("confirmPassword", CONFIRM_REQUIRED),
        Some(confirm) if confirm != password => {
            errors.add("confirmPassword", RESET_PASSWORDS_DIFFER)
        }
        _ => {}
    }
}

/// `POST /api/auth/reset-password`.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ResetForm {
    pub token: String,
    pub new_password: String,
    pub confirm_password: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Reset {
    pub token: String,
    pub new_password: String,
}

impl ResetForm {
    pub fn validate(self) -> Result<Reset, FieldErrors> {
        let mut errors = FieldErrors::new();
        let token = self.token.trim().to_string();
        errors.check(!token.is_empty(), "token", RESET_LINK_INVALID);
        check_new_password(
            &self.new_password,
            self.confirm_password.as_deref(),
            &mut errors,
        );
        errors.into_result(Reset {
            token,
            new_password: self.new_password,
        })
    }
}

/// `POST /api/auth/change-password`.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ChangePasswordForm {
    pub current_password: String,
    pub new_password: String,
    pub confirm_password: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChangePassword {
    pub current_password: String,
    pub new_password: String,
}

impl ChangePasswordForm {
    pub fn validate(self) -> Result<ChangePassword, FieldErrors> {
        let mut errors = FieldErrors::new();
        errors.check(
            !self.current_password.is_empty(),
            "currentPassword",
            FILL_ALL_PASSWORDS,
        );
        errors.check(
            !self.new_password.is_empty(),
            "newPassword",
            FILL_ALL_PASSWORDS,
        );
        errors.check(
            self.confirm_password.as_deref() != Some(""),
            "confirmPassword",
            FILL_ALL_PASSWORDS,
        );
        if !errors.is_empty() {
            return Err(errors);
        }
        if self
            .confirm_password
            .as_ref()
            .is_some_and(|c| *c != self.new_password)
        {
            errors.add("confirmPassword", CHANGE_PASSWORDS_DIFFER);
        }
        errors.check(
            password::meets_rules(&self.new_password, Flavor::Change),
            "newPassword",
            CHANGE_NOT_COMPLEX,
        );
        errors.into_result(ChangePassword {
            current_password: self.current_password,
            new_password: self.new_password,
        })
    }
}

/// `PATCH /api/users/edit/profile/{id}`.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(default)]
pub struct ProfileForm {
    #[serde(alias = "firstName")]
    pub firstname: String,
    #[serde(alias = "lastName")]
    pub lastname: String,
    pub title: String,
    pub birthday: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ProfileEdit {
    pub firstname: String,
    pub lastname: String,
    pub title: Title,
    pub birthday: Birthday,
}

impl ProfileForm {
    pub fn validate(self, today: Date) -> Result<ProfileEdit, FieldErrors> {
        let mut errors = FieldErrors::new();
        let firstname = name(
            &self.firstname,
            "firstname",
            PROFILE_FIRST_NAME_REQUIRED,
            &mut errors,
        );
        let lastname = name(
            &self.lastname,
            "lastname",
            PROFILE_LAST_NAME_REQUIRED,
            &mut errors,
        );
        let title = Title::for_profile(&self.title)
            .or_else(|| errors_add(&mut errors, "title", TITLE_PROFILE_OPTIONS));
        let birthday = birthday(&self.birthday, &mut errors, today);
        match (firstname, lastname, title, birthday) {
            (Some(firstname), Some(lastname), Some(title), Some(birthday)) => Ok(ProfileEdit {
                firstname,
                lastname,
                title,
                birthday,
            }),
            _ => Err(errors),
        }
    }
}

fn errors_add<T>(errors: &mut FieldErrors, field: &str, message: &str) -> Option<T> {
    errors.add(field, message);
    None
}

/// A trimmed, present, bounded, printable name.
fn name(raw: &str, field: &str, required: &str, errors: &mut FieldErrors) -> Option<String> {
    let name = raw.trim();
    if name.is_empty() {
        errors_add(errors, field, required)
    } else if name.chars().count() > NAME_MAX_CHARS {
        errors_add(errors, field, NAME_TOO_LONG)
    } else if name.chars().any(char::is_control) {
        errors_add(errors, field, NAME_UNPRINTABLE)
    } else {
        Some(name.to_string())
    }
}

fn birthday(raw: &str, errors: &mut FieldErrors, today: Date) -> Option<Birthday> {
    Birthday::parse(raw, today)
        .map_err(|e: BirthdayError| errors.add("birthday", e.to_string()))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::password::{NEED_DIGIT, NEED_LENGTH, NEED_SPECIAL};
    use time::macros::date;

    const TODAY: Date = date!(2026 - 11 - 22);

    fn good_registration() -> RegistrationForm {
        RegistrationForm {
            email: "Ada@Example.com".into(),
            password: "couture1!".into(),
            confirm_password: Some("couture1!".into()),
            title: "Ms".into(),
            firstname: " Ada ".into(),
            lastname: "Lovelace".into(),
            birthday: "1990-12-10".into(),
            agree_to_updates: true,
        }
    }

    #[test]
    fn a_complete_registration_passes() {
        let r = good_registration().validate(TODAY).unwrap();
        assert_eq!(r.email.canonical(), "ada@example.com");
        assert_eq!(r.firstname, "Ada");
        assert_eq!(r.title, Title::Ms);
        assert_eq!(r.birthday.to_string(), "1990-12-10");
    }

    #[test]
    fn an_empty_registration_gets_every_message() {
        let errors = RegistrationForm::default().validate(TODAY).unwrap_err();
        assert_eq!(errors.get("email"), Some("Email is required"));
        assert_eq!(errors.get("password"), Some(PASSWORD_REQUIRED));
        assert_eq!(errors.get("title"), Some("Title is required"));
        assert_eq!(errors.get("firstname"), Some("First name is required"));
        assert_eq!(errors.get("lastname"), Some("Last name is required"));
        assert_eq!(
            errors.get("birthday"),
            Some(crate::accounts::birthday::REQUIRED)
        );
        assert_eq!(
            errors.get("agreeToUpdates"),
            Some("You must agree to receive updates before creating an account.")
        );
        assert_eq!(errors.get("confirmPassword"), None, "not sent, not checked");
    }

    #[test]
    fn registration_rules_one_by_one() {
        let check = |edit: fn(&mut RegistrationForm), field: &str, message: &str| {
            let mut form = good_registration();
            edit(&mut form);
            let errors = form.validate(TODAY).unwrap_err();
            assert_eq!(errors.get(field), Some(message), "{field}");
            assert_eq!(errors.iter().count(), 1, "{errors:?}");
        };
        check(|f| f.email = "ada@".into(), "email", "Invalid email format");
        check(|f| f.title = "Mrs".into(), "title", TITLE_SIGN_UP_OPTIONS);
        check(
            |f| f.firstname = "   ".into(),
            "firstname",
            FIRST_NAME_REQUIRED,
        );
        check(|f| f.lastname = "".into(), "lastname", LAST_NAME_REQUIRED);
        check(|f| f.lastname = "x".repeat(101), "lastname", NAME_TOO_LONG);
        check(
            |f| f.firstname = "Ada\u{0}".into(),
            "firstname",
            NAME_UNPRINTABLE,
        );
        check(
            |f| f.confirm_password = Some("other1!x".into()),
            "confirmPassword",
            PASSWORDS_DIFFER,
        );
        check(|f| f.agree_to_updates = false, "agreeToUpdates", MUST_AGREE);
        check(
            |f| f.birthday = "2023-02-29".into(),
            "birthday",
            crate::accounts::birthday::INVALID,
        );
        check(
            |f| f.birthday = "1899-12-31".into(),
            "birthday",
            crate::accounts::birthday::OUT_OF_RANGE,
        );
        check(
            |f| {
                f.password = "short1!".into();
                f.confirm_password = None;
            },
            "password",
            NEED_LENGTH,
        );
        check(
            |f| {
                f.password = "longenough!".into();
                f.confirm_password = None;
            },
            "password",
            NEED_DIGIT,
        );
        check(
            |f| {
                f.password = "longenough1".into();
                f.confirm_password = None;
            },
            "password",
            NEED_SPECIAL,
        );
    }

    #[test]
    fn registration_reads_the_wire_names() {
        let form: RegistrationForm = serde_json::from_str(
            r#"{"email":"a@b.co","password":"x","confirmPassword":"y","title":"Mr","firstname":"A","lastname":"B","birthday":"2000-01-01","isAgree":true}"#,
        )
        .unwrap();
        assert!(form.agree_to_updates);
        assert_eq!(form.confirm_password.as_deref(), Some("y"));
        let form: RegistrationForm =
            serde_json::from_str(r#"{"firstName":"A","agreeToUpdates":true}"#).unwrap();
        assert_eq!(form.firstname, "A");
        assert!(form.agree_to_updates);
    }

    #[test]
    fn login_needs_only_presence() {
        let errors = LoginForm::default().validate().unwrap_err();
        assert_eq!(errors.get("email"), Some(LOGIN_EMAIL_REQUIRED));
        assert_eq!(errors.get("password"), Some(LOGIN_PASSWORD_REQUIRED));
        let login: LoginForm =
            serde_json::from_str(r#"{"email":" a@b.co ","password":"x","isRememberMe":true}"#)
                .unwrap();
        let login = login.validate().unwrap();
        assert_eq!(login.email, "a@b.co");
        assert!(login.remember);
    }

    #[test]
    fn forgot_needs_an_email() {
        assert_eq!(
            ForgotForm::default().validate().unwrap_err().get("email"),
            Some("Email is required")
        );
        assert_eq!(
            ForgotForm {
                email: "nope".into()
            }
            .validate()
            .unwrap_err()
            .get("email"),
            Some("Invalid email format")
        );
        assert!(ForgotForm {
            email: "a@b.co".into()
        }
        .validate()
        .is_ok());
    }

    #[test]
    fn reset_rules() {
        let form = |token: &str, pw: &str, confirm: Option<&str>| ResetForm {
            token: token.into(),
            new_password: pw.into(),
            confirm_password: confirm.map(String::from),
        };
        assert!(form("t", "couture1&", None).validate().is_ok());
        assert!(form("t", "couture1&", Some("couture1&")).validate().is_ok());
        let e = form("", "", Some("")).validate().unwrap_err();
        assert_eq!(e.get("token"), Some(RESET_LINK_INVALID));
        assert_eq!(e.get("newPassword"), Some("New password is required"));
        assert_eq!(
            e.get("confirmPassword"),
            Some("Please confirm your password")
        );
        let e = form("t", "weakpass", Some("other")).validate().unwrap_err();
        assert_eq!(
            e.get("newPassword"),
            Some("Password does not meet complexity requirements")
        );
        assert_eq!(e.get("confirmPassword"), Some("Passwords do not match"));
    }

    #[test]
    fn change_password_rules() {
        let form = |cur: &str, new: &str, confirm: Option<&str>| ChangePasswordForm {
            current_password: cur.into(),
            new_password: new.into(),
            confirm_password: confirm.map(String::from),
        };
        let e = form("", "couture2!", None).validate().unwrap_err();
        assert_eq!(
            e.get("currentPassword"),
            Some("Please fill in all password fields!")
        );
        let e = form("old", "couture2!", Some("")).validate().unwrap_err();
        assert_eq!(
            e.get("confirmPassword"),
            Some("Please fill in all password fields!")
        );
        let e = form("old", "couture2&", None).validate().unwrap_err();
        assert_eq!(
            e.get("newPassword"),
            Some("New password does not meet requirements!"),
            "& is not in change's set"
        );
        let e = form("old", "couture2!", Some("couture3!"))
            .validate()
            .unwrap_err();
        assert_eq!(
            e.get("confirmPassword"),
            Some("New password and confirm password do not match!")
        );
        assert!(form("old", "couture2!", Some("couture2!"))
            .validate()
            .is_ok());
    }

    #[test]
    fn profile_rules() {
        let good = ProfileForm {
            firstname: "Linh".into(),
            lastname: "Nguyễn".into(),
            title: "Mrs".into(),
            birthday: "1988-02-29".into(),
        };
        let edit = good.clone().validate(TODAY).unwrap();
        assert_eq!(edit.lastname, "Nguyễn");
        assert_eq!(edit.title, Title::Mrs);
        let e = ProfileForm::default().validate(TODAY).unwrap_err();
        assert_eq!(e.get("firstname"), Some("First Name is required"));
        assert_eq!(e.get("lastname"), Some("Last Name is required"));
        assert_eq!(e.get("title"), Some(TITLE_PROFILE_OPTIONS));
        assert_eq!(e.get("birthday"), Some(crate::accounts::birthday::REQUIRED));
        let kept = ProfileForm {
            title: "Ms".into(),
            ..good.clone()
        };
        assert_eq!(kept.validate(TODAY).unwrap().title, Title::Ms);
        let e = ProfileForm {
            title: "Dr".into(),
            birthday: "1987-02-29".into(),
            ..good
        }
        .validate(TODAY)
        .unwrap_err();
        assert_eq!(e.get("title"), Some(TITLE_PROFILE_OPTIONS));
        assert_eq!(e.get("birthday"), Some(crate::accounts::birthday::INVALID));
    }
}
