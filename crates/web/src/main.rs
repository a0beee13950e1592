//! Entry point of the web app: install the panic banner, then mount the app.
fn main() {
    rivulet_web::panic_banner::install();
    leptos::mount::mount_to_body(rivulet_web::App);
}
