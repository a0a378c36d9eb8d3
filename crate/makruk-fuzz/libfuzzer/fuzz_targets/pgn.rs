#![no_main]
// The `pgn` target of crate/makruk-fuzz under libFuzzer.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    makruk_fuzz::targets::pgn(data);
});
