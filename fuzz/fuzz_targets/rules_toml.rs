#![no_main]
// See mahjong_fuzz::rules_toml.
libfuzzer_sys::fuzz_target!(|data: &[u8]| mahjong_fuzz::rules_toml(data));
