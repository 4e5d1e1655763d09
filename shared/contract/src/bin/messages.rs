//! `cargo run -p contract --bin messages`: prints the texts the site shows as
//! the API words them (`make messages` writes them to `shared/messages.json`).

fn main() {
    print!("{}", contract::messages_json());
}
