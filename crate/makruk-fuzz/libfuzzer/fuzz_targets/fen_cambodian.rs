#![no_main]
// The `fen_cambodian` target of crate/makruk-fuzz under libFuzzer.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    makruk_fuzz::targets::fen_cambodian(data);
});
