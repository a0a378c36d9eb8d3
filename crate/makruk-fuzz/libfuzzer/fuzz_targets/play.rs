#![no_main]
// The `play` target of crate/makruk-fuzz under libFuzzer.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    makruk_fuzz::targets::play(data);
});
