#![no_main]
// See mahjong_fuzz::deal.
libfuzzer_sys::fuzz_target!(|data: &[u8]| mahjong_fuzz::deal(data));
