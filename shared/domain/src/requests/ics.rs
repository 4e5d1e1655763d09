//! An appointment as an iCalendar invitation (RFC 5545, iTIP RFC 5546's
//! METHOD:REQUEST): one VEVENT, times in UTC, the house the organizer and
//! the client the attendee. Written by hand, under tests that hold it to the
//! RFC's three rules a calendar client trips on: CRLF line ends, lines
//! folded at 75 octets (never inside a character), and escaped text.

use crate::timestamp::Timestamp;

/// What the invitation says.
#[derive(Debug, Clone, PartialEq)]
pub struct Invitation<'a> {
    /// The same for every version of one appointment, so a client replaces
    /// the old one: `<request id>@<the shop's host>`.
    pub uid: &'a str,
    /// Grows with each reschedule (RFC 5545 3.8.7.4).
    pub sequence: u32,
    pub stamp: Timestamp,
    pub start: Timestamp,
    pub end: Timestamp,
    pub summary: &'a str,
    pub location: &'a str,
    pub description: &'a str,
    pub organizer: Person<'a>,
    pub attendee: Person<'a>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Person<'a> {
    pub name: &'a str,
    pub email: &'a str,
}

/// The media type of the attachment and of the calendar part.
pub const CONTENT_TYPE: &str = "text/calendar; method=REQUEST; charset=utf-8";

/// The longest line in octets, CRLF not counted (RFC 5545 3.1).
const MAX_LINE: usize = 75;

impl Invitation<'_> {
    /// The calendar file.
    pub fn to_ics(&self) -> String {
        let lines = [
            "BEGIN:VCALENDAR".to_string(),
            "VERSION:2.0".into(),
            "PRODID:-//Couture//Atelier//EN".into(),
            "CALSCALE:GREGORIAN".into(),
            "METHOD:REQUEST".into(),
            "BEGIN:VEVENT".into(),
            format!("UID:{}", text(self.uid)),
            format!("SEQUENCE:{}", self.sequence),
            format!("DTSTAMP:{}", utc(self.stamp)),
            format!("DTSTART:{}", utc(self.start)),
            format!("DTEND:{}", utc(self.end)),
            format!("SUMMARY:{}", text(self.summary)),
            format!("LOCATION:{}", text(self.location)),
            format!("DESCRIPTION:{}", text(self.description)),
            format!(
                "ORGANIZER;CN={}:mailto:{}",
                param(self.organizer.name),
                self.organizer.email
            ),
            format!(
                "ATTENDEE;CN={};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:{}",
                param(self.attendee.name),
                self.attendee.email
            ),
            "STATUS:CONFIRMED".into(),
            "END:VEVENT".into(),
            "END:VCALENDAR".into(),
        ];
        lines.iter().map(|line| fold(line) + "\r\n").collect()
    }
}

/// `20270315T083000Z`: a DATE-TIME in UTC (RFC 5545 3.3.5, form 2).
fn utc(at: Timestamp) -> String {
    let at = at.instant();
    format!(
        "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
        at.year(),
        at.month() as u8,
        at.day(),
        at.hour(),
        at.minute(),
        at.second()
    )
}

/// A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped,
/// a line break written `\n`, other control characters dropped.
fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let value = value.replace("\r\n", "\n");
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' | '\r' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A parameter value (RFC 5545 3.2): quoted, as a name may hold `:` `;` or
/// `,`; a double quote cannot be written in one, so it goes, as do controls.
fn param(value: &str) -> String {
    let clean: String = value
        .chars()
        .filter(|c| *c != '"' && !c.is_control())
        .collect();
    format!("\"{clean}\"")
}

/// A content line folded (RFC 5545 3.1): at most 75 octets a line, each
/// continuation starting with a space, never cutting a UTF-8 character.
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / MAX_LINE * 3);
    let mut width = 0;
    for c in line.chars() {
        let size = c.len_utf8();
        if width + size > MAX_LINE {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += size;
    }
    out
}

/// The content lines of a calendar file, unfolded (RFC 5545 3.1): for
/// reading one back in tests and tools.
pub fn unfold(ics: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for raw in ics.split("\r\n") {
        match raw.strip_prefix([' ', '\t']) {
            Some(rest) if !lines.is_empty() => {
                if let Some(last) = lines.last_mut() {
                    last.push_str(rest);
                }
            }
            _ if raw.is_empty() => {}
            _ => lines.push(raw.to_string()),
        }
    }
    lines
}

/// A property's value, unescaped, from unfolded lines: `SUMMARY` finds
/// `SUMMARY:...` and `ORGANIZER;CN=...:mailto:...` (the value after the
/// first colon outside quotes).
pub fn property(lines: &[String], name: &str) -> Option<String> {
    lines.iter().find_map(|line| {
        let rest = line.strip_prefix(name)?;
        if !rest.starts_with([':', ';']) {
            return None;
        }
        let mut quoted = false;
        let colon = rest.char_indices().find_map(|(i, c)| {
            if c == '"' {
                quoted = !quoted;
            }
            (c == ':' && !quoted).then_some(i)
        })?;
        Some(unescape(&rest[colon + 1..]))
    })
}

fn unescape(value: &str) -> String {
    let mut out = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n' | 'N') => out.push('\n'),
                Some(other) => out.push(other),
                None => {}
            },
            (c, false) => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> Timestamp {
        Timestamp::from_unix(seconds).unwrap()
    }

    fn invitation<'a>(summary: &'a str, location: &'a str) -> Invitation<'a> {
        Invitation {
            uid: "01JD0000000000000000000000@shop.example",
            sequence: 2,
            stamp: at(1_800_000_000),
            start: at(1_800_086_400),
            end: at(1_800_090_000),
            summary,
            location,
            description: "Fitting; bring the shoes,\nplease",
            organizer: Person {
                name: "Maison \"Lan\" Anh",
                email: "atelier@shop.example",
            },
            attendee: Person {
                name: "Tran, Lan: VIP",
                email: "lan@example.com",
            },
        }
    }

    #[test]
    fn an_invitation_has_the_rfc_properties_in_utc() {
        let ics = invitation("Fitting", "12 Rue de la Paix").to_ics();
        let lines = unfold(&ics);
        assert_eq!(lines.first().unwrap(), "BEGIN:VCALENDAR");
        assert_eq!(lines.last().unwrap(), "END:VCALENDAR");
        for (name, value) in [
            ("METHOD", "REQUEST"),
            ("VERSION", "2.0"),
            ("UID", "01JD0000000000000000000000@shop.example"),
            ("SEQUENCE", "2"),
            ("DTSTAMP", "20270115T080000Z"),
            ("DTSTART", "20270116T080000Z"),
            ("DTEND", "20270116T090000Z"),
            ("SUMMARY", "Fitting"),
            ("LOCATION", "12 Rue de la Paix"),
            ("DESCRIPTION", "Fitting; bring the shoes,\nplease"),
            ("ORGANIZER", "mailto:atelier@shop.example"),
            ("ATTENDEE", "mailto:lan@example.com"),
        ] {
            assert_eq!(property(&lines, name).as_deref(), Some(value), "{name}");
        }
        let organizer = lines.iter().find(|l| l.starts_with("ORGANIZER")).unwrap();
        assert_eq!(
            organizer,
            "ORGANIZER;CN=\"Maison Lan Anh\":mailto:atelier@shop.example"
        );
        let attendee = lines.iter().find(|l| l.starts_with("ATTENDEE")).unwrap();
        assert!(attendee.starts_with("ATTENDEE;CN=\"Tran, Lan: VIP\";ROLE=REQ-PARTICIPANT;"));
    }

    #[test]
    fn lines_end_in_crlf_and_text_is_escaped() {
        let ics = invitation("Fitting, first; \\ final", "Hall").to_ics();
        assert!(ics.ends_with("END:VCALENDAR\r\n"));
        assert!(!ics.replace("\r\n", "").contains('\n'), "no bare LF");
        assert!(!ics.replace("\r\n", "").contains('\r'), "no bare CR");
        assert!(ics.contains("SUMMARY:Fitting\\, first\\; \\\\ final\r\n"));
        assert!(ics.contains("DESCRIPTION:Fitting\\; bring the shoes\\,\\nplease\r\n"));
    }

    #[test]
    fn long_lines_fold_at_75_octets_without_cutting_a_character() {
        let place = "Phòng thử đồ số 3, tầng hai, 12 Đường Đồng Khởi, Quận 1, Thành phố Hồ Chí Minh, Việt Nam";
        let ics = invitation("Fitting", place).to_ics();
        for line in ics.split("\r\n") {
            assert!(line.len() <= MAX_LINE, "{} octets: {line}", line.len());
        }
        assert!(ics.contains("\r\n "), "the location is folded");
        let lines = unfold(&ics);
        assert_eq!(property(&lines, "LOCATION").as_deref(), Some(place));
    }
}
