import AVFoundation

final class Player {
    let engine = AVAudioEngine()
    func start() throws { try engine.start() }
}
