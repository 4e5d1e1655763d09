//! The atelier console's staff API: who reaches it, sessions, and (below)
//! invitations, roles and the audit log.

use domain::atelier::{Role, SIGN_IN_REQUIRED};

use crate::helpers::*;

#[tokio::test]
async fn atelier_me_refuses_a_visitor_and_a_shopper() {
    let shop = spawn_shop().await;
    let visitor = shop.client();
    let shopper = shop.client();
    sign_up_and_sign_in(&shopper, "shopper@example.com").await;
    for client in [&visitor, &shopper] {
        let me = client.get("/api/atelier/me").await;
        assert_eq!(me.status, 401, "{:?}", me.body);
        assert_eq!(me.body["message"], SIGN_IN_REQUIRED);
    }
}

#[tokio::test]
async fn atelier_me_answers_the_console_clients_staff_member() {
    let shop = spawn_shop().await;
    for role in [Role::Owner, Role::Staff] {
        let (console, member) = console_client(&shop, role).await;
        let me = console.get("/api/atelier/me").await;
        assert_eq!(me.status, 200, "{:?}", me.body);
        assert_eq!(me.body["id"], member.id.as_str());
        assert_eq!(me.body["email"], member.email.as_str());
        assert_eq!(me.body["role"], role.as_str());
    }
}
