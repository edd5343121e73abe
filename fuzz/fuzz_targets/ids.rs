#![no_main]
// See mahjong_fuzz::ids.
libfuzzer_sys::fuzz_target!(|data: &[u8]| mahjong_fuzz::ids(data));
