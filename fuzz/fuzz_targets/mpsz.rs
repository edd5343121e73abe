#![no_main]
// See mahjong_fuzz::mpsz.
libfuzzer_sys::fuzz_target!(|data: &[u8]| mahjong_fuzz::mpsz(data));
