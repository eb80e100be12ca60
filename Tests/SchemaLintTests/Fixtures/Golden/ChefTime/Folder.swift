import Foundation

struct Folder {
    enum FolderType: Equatable, Codable, CaseIterable {
        case systemAll
        case systemStandard
        case systemRecentlyDeleted
        case user
    }
}
