//! `cargo run -p contract --bin openapi`: prints the API's OpenAPI document
//! (`make openapi` writes it to `shared/openapi.json`).

fn main() {
    print!("{}", contract::openapi_json());
}
