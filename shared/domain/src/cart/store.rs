//! Where the bag lives and how its rules are kept by the writes themselves.
//!
//! Lines are `USER#<user> / CART#<lineId>`; beside them one `USER#<user> / BAG`
//! item counts the lines. The caps are conditions of the writes, so a racing
//! add can never overshoot and there is nothing to take back:
//! - more of a line: one `ADD quantity` on the line, on condition that it
//!   exists and holds at most [`MAX_QUANTITY`] minus the added pieces;
//! - a new line: one transaction that puts the line where none is and adds one
//!   to the count, on condition that the count is below [`MAX_LINES`];
//! - a removal: one transaction that deletes the line and takes one off the count.

use crate::ports::{Condition, Key, Table, TableError, Update, Write};
use crate::records::{encode, Committed, Outcome, Transaction};
use crate::shopper::{user_pk, Owned, Shelf};
use crate::timestamp::Timestamp;

use super::{in_added_order, CartLine, MAX_LINES, MAX_QUANTITY};

const COUNT_SK: &str = "BAG";
const QUANTITY: &str = "quantity";
const LINES: &str = "lines";

impl Owned for CartLine {
    const PREFIX: &'static str = "CART#";
    fn id(&self) -> &str {
        &self.id
    }
}

/// One shopper's bag in the table.
pub struct Bag<'a> {
    lines: Shelf<'a, CartLine>,
    table: &'a dyn Table,
    user_id: &'a str,
}

/// What an add did.
#[derive(Debug, Clone, PartialEq)]
pub enum AddOutcome {
    /// The line as stored now.
    Added(Box<CartLine>),
    /// The line would hold more than [`MAX_QUANTITY`] pieces.
    LineFull,
    /// The bag already holds [`MAX_LINES`] lines.
    BagFull,
}

/// The rules a new line's transaction checks.
#[derive(Debug, Clone, Copy, PartialEq)]
enum NewLine {
    /// The line appeared since the update that found none.
    AlreadyThere,
    BagFull,
}

impl<'a> Bag<'a> {
    pub fn of(table: &'a dyn Table, user_id: &'a str) -> Self {
        Self {
            lines: Shelf::of(table, user_id),
            table,
            user_id,
        }
    }

    fn count_key(&self) -> Key {
        Key::new(user_pk(self.user_id), COUNT_SK)
    }

    /// The lines in the order they were first added: one Query (a bag of at
    /// most [`MAX_LINES`] lines fits one page).
    pub async fn lines(&self) -> Result<Vec<CartLine>, TableError> {
        Ok(in_added_order(self.lines.all().await?))
    }

    /// Adds the pieces of a line made for this add: to the line if the bag
    /// has it, else as a new line. One request when the line exists, two
    /// when it is new.
    pub async fn add(&self, new: &CartLine) -> Result<AddOutcome, TableError> {
        if let Outcome::Done(stored) = self.add_to_line(new).await? {
            return Ok(AddOutcome::Added(Box::new(stored)));
        }
        let transaction = Transaction::new()
            .with(
                NewLine::AlreadyThere,
                self.lines.put_write(new, Condition::NotExists)?,
            )
            .with(NewLine::BagFull, self.count_change(1, Some(MAX_LINES)));
        match self.table.commit(transaction).await? {
            Committed::Done => Ok(AddOutcome::Added(Box::new(new.clone()))),
            Committed::Refused(NewLine::BagFull) => Ok(AddOutcome::BagFull),
            // The line exists, so the update above was refused for its cap,
            // or a racing add created it in between: try it once more.
            Committed::Refused(NewLine::AlreadyThere) => Ok(match self.add_to_line(new).await? {
                Outcome::Done(stored) => AddOutcome::Added(Box::new(stored)),
                Outcome::Refused => AddOutcome::LineFull,
            }),
        }
    }

    /// `ADD quantity` to an existing line with room for the pieces; the
    /// snapshot and price are refreshed from the catalogue on every add.
    async fn add_to_line(&self, line: &CartLine) -> Result<Outcome<CartLine>, TableError> {
        let mut set = encode(line)?;
        set.remove(QUANTITY);
        set.remove("createdAt");
        let room = i64::from(MAX_QUANTITY - line.quantity.min(MAX_QUANTITY)) + 1;
        let update = Update {
            set,
            add: vec![(QUANTITY.into(), i64::from(line.quantity))],
            condition: Condition::Below(QUANTITY.into(), room),
            ..Update::default()
        };
        self.lines.change(&line.id, update).await
    }

    /// Sets a line's quantity; refused when the bag has no such line.
    pub async fn set_quantity(
        &self,
        line_id: &str,
        quantity: u32,
        now: Timestamp,
    ) -> Result<Outcome<CartLine>, TableError> {
        let set = encode(&serde_json::json!({ QUANTITY: quantity, "updatedAt": now }))?;
        let update = Update {
            set,
            condition: Condition::Exists,
            ..Update::default()
        };
        self.lines.change(line_id, update).await
    }

    /// Removes a line; refused when the bag has no such line.
    pub async fn remove(&self, line_id: &str) -> Result<Outcome, TableError> {
        let transaction = Transaction::new()
            .with(
                (),
                Write::Delete {
                    key: self.lines.key(line_id),
                    condition: Condition::Exists,
                },
            )
            .with((), self.count_change(-1, None));
        Ok(match self.table.commit(transaction).await? {
            Committed::Done => Outcome::Done(()),
            Committed::Refused(()) => Outcome::Refused,
        })
    }

    /// The writes that take the priced lines out of the bag, for the
    /// transaction that turns them into an order; each line must still hold
    /// the quantity that was priced, so a bag changed meanwhile refuses the
    /// transaction. The count goes down by as many lines (rather than being
    /// deleted), so a line added after pricing is still counted and the cap
    /// keeps holding.
    pub fn clear_writes(&self, lines: &[CartLine]) -> Vec<Write> {
        let taken = lines.len() as i64;
        let lines = lines.iter().map(|line| Write::Delete {
            key: self.lines.key(&line.id),
            condition: Condition::Equals(QUANTITY.into(), line.quantity.into()),
        });
        lines
            .chain(std::iter::once(self.count_change(-taken, None)))
            .collect()
    }

    /// `ADD lines delta` on the count, capped when `below` is given.
    fn count_change(&self, delta: i64, below: Option<usize>) -> Write {
        let condition = match below {
            Some(cap) => Condition::AbsentOrBelow(LINES.into(), cap as i64),
            None => Condition::None,
        };
        Write::Update {
            key: self.count_key(),
            update: Update {
                add: vec![(LINES.into(), delta)],
                condition,
                ..Update::default()
            },
        }
    }
}
