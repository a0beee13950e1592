//! Entry point of the compiler's Web Worker (built by trunk with `data-type="worker"`).
fn main() {
    rivulet_web::panic_banner::install_in_worker();
    rivulet_web::worker::serve();
}
