#![no_main]
// The `uci_move` target of crate/makruk-fuzz under libFuzzer.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    makruk_fuzz::targets::uci_move(data);
});
