//! `cargo run -p contract --bin rules`: prints the rules the site checks as
//! the API does (`make rules` writes them to `shared/rules.json`).

fn main() {
    print!("{}", contract::rules_json());
}
