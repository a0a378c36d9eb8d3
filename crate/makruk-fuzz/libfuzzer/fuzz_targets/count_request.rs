#![no_main]
// The `count_request` target of crate/makruk-fuzz under libFuzzer.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    makruk_fuzz::targets::count_request(data);
});
