//! Thin wasm-bindgen bindings over the makruk core.
