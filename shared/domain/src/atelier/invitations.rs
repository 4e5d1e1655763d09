//! Invitations: a single-use enrolment link an owner (or `shopctl staff
//! invite`) sends to a new or existing member.
